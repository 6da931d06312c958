import { IANAZone } from 'luxon';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { DAY_SECONDS, parseDateRange } from './date-range.ts';
import { domainError, ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { readScalarParam } from './query-param.ts';
import { roundToHundredths } from './round-to-hundredths.ts';
import { statisticsNotReady } from './statistics-availability.ts';
import { resolveTimeZone } from './time-zone.ts';

export type ActivityPatternResponse = components['schemas']['ActivityPatternResponse'];
export type ActivityCell = components['schemas']['ActivityCell'];

const ERROR_CODE = 'invalid_statistics_query';

/** §8: the activity-pattern range spans at most 90 days (both ends counted, as D25). */
export const MAX_SPAN_DAYS = 90;
/** §4 / D13: a cell with fewer observations than this has a null average. */
export const MIN_OBSERVATIONS_FOR_AVERAGE = 3;

const HOUR_SECONDS = 3600;

/** How the activity pattern reads its zone and range and when a cell has an average. */
export interface ActivityPatternRules {
  /** Longest accepted span in days, both ends counted. */
  maxSpanDays: number;
  /** Fewest observations for which a cell has an average. */
  minObservationsForAverage: number;
  /** The IANA zone a `timezone` value names, or undefined when it names none. */
  resolveTimeZone: (name: string) => string | undefined;
}

/** The API's rules: §8's 90 days, D13's three observations, D53's zones. */
export const ACTIVITY_PATTERN_RULES: ActivityPatternRules = {
  maxSpanDays: MAX_SPAN_DAYS,
  minObservationsForAverage: MIN_OBSERVATIONS_FOR_AVERAGE,
  resolveTimeZone,
};

/**
 * GET /games/{gameId}/activity-pattern (§4 "Statistics endpoints", D12, D13, D53):
 * the raw samples of the UTC date range, bucketed by ISO weekday and hour of their
 * wall-clock time in `timezone` (DST-correct: each sample is converted with the
 * offset in force at its instant). Always 168 cells, Monday 00h first.
 */
export function activityPattern(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  rules: ActivityPatternRules = ACTIVITY_PATTERN_RULES,
): DomainResult<ActivityPatternResponse> {
  const timezoneParam = readScalarParam(query, 'timezone', ERROR_CODE);
  if ('error' in timezoneParam) return timezoneParam;
  const timezone = timezoneParam.ok ?? 'UTC';
  const zoneName = rules.resolveTimeZone(timezone);
  if (zoneName === undefined) {
    return domainError(422, ERROR_CODE, `Parameter 'timezone' must be an IANA time zone name.`, {
      parameter: 'timezone',
      value: timezone,
    });
  }
  const range = parseDateRange(query, nowMs, {
    maxDays: rules.maxSpanDays,
    errorCode: ERROR_CODE,
  });
  if ('error' in range) return range;
  const notReady = statisticsNotReady(game, range.ok);
  if (notReady) return notReady;

  const offsetAt = dailyOffsets(IANAZone.create(zoneName));
  const counts = new Array<number>(168).fill(0);
  const sums = new Array<number>(168).fill(0);
  for (const t of sampleTimes(game, range.ok.startSec, range.ok.endSec, Math.floor(nowMs / 1000))) {
    const local = t + offsetAt(t) * 60;
    const day = Math.floor(local / DAY_SECONDS);
    const weekdayIndex = (((day + 3) % 7) + 7) % 7; // 0 = Monday; 1970-01-01 was a Thursday
    const hour = Math.floor((local - day * DAY_SECONDS) / HOUR_SECONDS);
    const cell = weekdayIndex * 24 + hour;
    counts[cell] = (counts[cell] ?? 0) + 1;
    sums[cell] = (sums[cell] ?? 0) + playersAt(game, t);
  }

  const data: ActivityCell[] = counts.map((count, cell) => ({
    weekday: Math.floor(cell / 24) + 1,
    // D12: hours 0–23.
    hour: cell % 24,
    count,
    average: count < rules.minObservationsForAverage ? null : roundToHundredths((sums[cell] ?? 0) / count),
  }));
  return ok({ data, meta: { game_id: game.id, timezone, from: range.ok.from, to: range.ok.to } });
}

/**
 * The zone's offset (minutes) at an instant (Unix seconds), asking the zone twice per UTC day: a
 * day whose first and last seconds share an offset has it throughout (no zone changes its offset
 * and back within a day); a day with a change in it is asked at every instant. Asking the zone is
 * the slow part of an activity pattern (Intl formatting per sample).
 */
export function dailyOffsets(zone: IANAZone): (t: number) => number {
  const days = new Map<number, number | null>();
  return (t) => {
    const day = Math.floor(t / DAY_SECONDS);
    let offset = days.get(day);
    if (offset === undefined) {
      const first = zone.offset(day * DAY_SECONDS * 1000);
      const last = zone.offset(((day + 1) * DAY_SECONDS - 1) * 1000);
      offset = first === last ? first : null;
      days.set(day, offset);
    }
    return offset ?? zone.offset(t * 1000);
  };
}
