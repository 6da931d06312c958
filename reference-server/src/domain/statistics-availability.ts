import { PENDING_RANGE_DAYS, type GameRecord } from '../../../fixtures/src/model.ts';
import { domainError, type DomainError } from './domain-result.ts';
import type { DateRange } from './date-range.ts';

/**
 * §4 "Statistics endpoints" rule 3 and D15: whether the statistics endpoints answer
 * 503 for this game and (already validated) range. The fixtures decide per game:
 * `unavailable` refuses every valid query, `pending_long_ranges` refuses ranges
 * longer than PENDING_RANGE_DAYS (backfill in progress). Returns undefined when the
 * query can be answered.
 */
export function statisticsNotReady(game: GameRecord, range: DateRange): { error: DomainError } | undefined {
  if (game.statisticsState === 'unavailable') {
    return domainError(
      503,
      'statistics_unavailable',
      'Statistics are temporarily unavailable for this game.',
    );
  }
  if (game.statisticsState === 'pending_long_ranges' && range.days > PENDING_RANGE_DAYS) {
    return domainError(
      503,
      'statistics_pending',
      `Statistics for ranges longer than ${PENDING_RANGE_DAYS} days are still being prepared for this game.`,
      { from: range.from, to: range.to, days: range.days },
    );
  }
  return undefined;
}
