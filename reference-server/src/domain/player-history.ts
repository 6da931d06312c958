import type { GameRecord } from '../../../fixtures/src/model.ts';
import { dailyAverages, rawSamples } from '../../../fixtures/src/samples.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { parseDateRange } from './date-range.ts';
import { ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { readEnumParam } from './query-param.ts';
import { formatUtcTimestamp } from './utc-format.ts';

export type PlayerHistoryResponse = components['schemas']['PlayerHistoryResponse'];
export type Granularity = PlayerHistoryResponse['meta']['granularity'];

const ERROR_CODE = 'invalid_date_range';

/** §4 GET /games/{gameId}/players and §8: longest span per granularity, both ends counted (D25). */
export const MAX_SPAN_DAYS: Readonly<Record<Granularity, number>> = { daily: 365, raw: 90 };
const GRANULARITIES: readonly Granularity[] = ['daily', 'raw'];

/**
 * GET /games/{gameId}/players: raw crawler samples, or per UTC day the Math.round of
 * the mean of that day's samples (D24; days without samples omitted, stamped 00:00:00Z).
 * Nothing after `nowMs`; a `to` in the future is accepted (D26).
 */
export function playerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> {
  const granularity = readEnumParam<Granularity>(query, 'granularity', GRANULARITIES, 'daily', ERROR_CODE);
  if ('error' in granularity) return granularity;

  const range = parseDateRange(query, nowMs, {
    maxDays: MAX_SPAN_DAYS[granularity.ok],
    errorCode: ERROR_CODE,
  });
  if ('error' in range) return range;
  const { from, to, startSec, endSec } = range.ok;
  const now = Math.floor(nowMs / 1000);

  const data =
    granularity.ok === 'raw'
      ? rawSamples(game, startSec, endSec, now).map((s) => ({
          recorded_at: formatUtcTimestamp(s.t),
          players: s.players,
        }))
      : dailyAverages(game, startSec, endSec, now).map((d) => ({
          recorded_at: formatUtcTimestamp(d.day),
          players: d.players,
        }));

  return ok({ data, meta: { game_id: game.id, granularity: granularity.ok, from, to } });
}
