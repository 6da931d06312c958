import type { GameRecord } from '../../../fixtures/src/model.ts';
import { dailyAverages, rawSamples } from '../../../fixtures/src/samples.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { daysInMonth, DEFAULT_SPAN_DAYS, parseDateRange } from './date-range.ts';
import { ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { readEnumParam } from './query-param.ts';
import { formatUtcTimestamp } from './utc-format.ts';

export type PlayerHistoryResponse = components['schemas']['PlayerHistoryResponse'];
export type Granularity = PlayerHistoryResponse['meta']['granularity'];

const ERROR_CODE = 'invalid_date_range';

/** §4 GET /games/{gameId}/players and §8: longest span per granularity, both ends counted (D25). */
export const MAX_SPAN_DAYS: Readonly<Record<Granularity, number>> = { daily: 365, raw: 90 };
const GRANULARITIES: readonly Granularity[] = ['daily', 'raw'];

/** One UTC day's player value, `day` its 00:00:00Z in epoch seconds. */
export interface DailyValue {
  day: number;
  players: number;
}

/** The days with samples between two instants (epoch seconds, inclusive), each with its player value. */
export type DailyAggregation = (
  game: GameRecord,
  startSec: number,
  endSec: number,
  now: number,
) => readonly DailyValue[];

/** How player history reads its range and condenses a day. */
export interface PlayerHistoryRules {
  /** Longest accepted span per granularity, both ends counted. */
  maxSpanDays: Readonly<Record<Granularity, number>>;
  /** Days of the range when `from` is not given. */
  defaultSpanDays: number;
  /** The last day of a month, by which a date is real. */
  lastDayOfMonth: (year: number, month: number) => number;
  /** A day's value from its raw samples. */
  dailyValues: DailyAggregation;
}

/** The API's rules: §8's spans, the 30-day default, the calendar, and D24's Math.round of the mean. */
export const PLAYER_HISTORY_RULES: PlayerHistoryRules = {
  maxSpanDays: MAX_SPAN_DAYS,
  defaultSpanDays: DEFAULT_SPAN_DAYS,
  lastDayOfMonth: daysInMonth,
  dailyValues: dailyAverages,
};

/**
 * GET /games/{gameId}/players: raw crawler samples, or per UTC day the Math.round of
 * the mean of that day's samples (D24; days without samples omitted, stamped 00:00:00Z).
 * Nothing after `nowMs`; a `to` in the future is accepted (D26). Available for web-only
 * games too, though their websites are not crawled for connections (§4).
 */
export function playerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  rules: PlayerHistoryRules = PLAYER_HISTORY_RULES,
): DomainResult<PlayerHistoryResponse> {
  const granularity = readEnumParam<Granularity>(query, 'granularity', GRANULARITIES, 'daily', ERROR_CODE);
  if ('error' in granularity) return granularity;

  const range = parseDateRange(query, nowMs, {
    maxDays: rules.maxSpanDays[granularity.ok],
    errorCode: ERROR_CODE,
    defaultSpanDays: rules.defaultSpanDays,
    lastDayOfMonth: rules.lastDayOfMonth,
  });
  if ('error' in range) return range;
  const { from, to, startSec, endSec } = range.ok;
  const now = Math.floor(nowMs / 1000);

  // `to` is inclusive up to 23:59:59Z (the next midnight belongs to the next day); §4: chronological.
  const data =
    granularity.ok === 'raw'
      ? rawSamples(game, startSec, endSec, now).map((s) => ({
          recorded_at: formatUtcTimestamp(s.t),
          players: s.players,
        }))
      : rules.dailyValues(game, startSec, endSec, now).map((d) => ({
          // D24: a daily sample is stamped at its day's 00:00:00Z.
          recorded_at: formatUtcTimestamp(d.day),
          players: d.players,
        }));
  return ok({ data, meta: { game_id: game.id, granularity: granularity.ok, from, to } });
}
