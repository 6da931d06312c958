import type { GameRecord } from '../../../fixtures/src/model.ts';
import { playersAt, rawSamples, sampleTimes } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
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

/**
 * A daily aggregation from a day's condensing: one value per UTC day that has raw samples
 * between the two instants, `condense` of that day's player counts (chronological, at least
 * one); days without samples are omitted, the rest chronological.
 */
export function dailyAggregation(condense: (players: readonly number[]) => number): DailyAggregation {
  return (game, startSec, endSec, now) => {
    const values: DailyValue[] = [];
    let day = Number.NaN;
    let players: number[] = [];
    const flush = (): void => {
      if (players.length > 0) values.push({ day, players: condense(players) });
    };
    for (const t of sampleTimes(game, startSec, endSec, now)) {
      const sampleDay = dayFloor(t);
      if (sampleDay !== day) {
        flush();
        day = sampleDay;
        players = [];
      }
      players.push(playersAt(game, t));
    }
    flush();
    return values;
  };
}

/** The arithmetic mean of a day's player counts (summed in order). */
export function meanOf(players: readonly number[]): number {
  let sum = 0;
  for (const count of players) sum += count;
  return sum / players.length;
}

/** D24: Math.round of the mean of the day's raw samples; players are non-negative, so halves round up. */
export const dailyRoundedMeans: DailyAggregation = dailyAggregation((players) => Math.round(meanOf(players)));

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
  dailyValues: dailyRoundedMeans,
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
