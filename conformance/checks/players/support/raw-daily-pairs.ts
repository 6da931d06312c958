import type { ObservedResponse } from '../../../src/core/http-client.ts';
import { calendarDate, utcDateOf } from '../../../src/core/dates.ts';
import { idInPath } from '../../harness/observed-gets.ts';

/**
 * How long after a UTC midnight a day is taken as still open to new samples: a crawl that began
 * before midnight is stored a little after it. A raw answer given within this of a midnight says
 * nothing final about the day before.
 */
const LATE_SAMPLE_MS = 10 * 60_000;

/** A player history the run received, as its answer states it. */
export interface ObservedPlayers {
  game: number;
  granularity: 'daily' | 'raw';
  /** The range its meta states (a defaulted one included), real days in order. */
  from: string;
  to: string;
  samples: ReadonlyArray<{ day: string; players: number }>;
  /** The days before this one had ended when the server answered (by its Date header). */
  closedBefore: string;
  response: ObservedResponse;
}

/**
 * A 200 player history another check received, read for the comparison of a raw and a daily
 * answer of one game: a query naming at most `granularity` (`daily`, `raw`, or left out: daily),
 * `from` and `to`, each once; a meta range of real days in order (the range the answer says it
 * covers, defaults applied); samples with a time and an integer count of players; a Date header.
 * Undefined otherwise (what else an answer holds is another check's to judge).
 */
export function observedPlayers(response: ObservedResponse): ObservedPlayers | undefined {
  if (response.status !== 200 || response.truncated === true || response.serverDate === undefined)
    return undefined;
  const params = new URL(response.url).searchParams;
  const known = new Set(['granularity', 'from', 'to']);
  if ([...params.keys()].some((name) => !known.has(name) || params.getAll(name).length !== 1))
    return undefined;
  const granularity = params.get('granularity') ?? 'daily';
  if (granularity !== 'daily' && granularity !== 'raw') return undefined;
  const body = response.body as { data?: unknown; meta?: { from?: unknown; to?: unknown } } | undefined;
  const from = calendarDate(typeof body?.meta?.from === 'string' ? body.meta.from : undefined);
  const to = calendarDate(typeof body?.meta?.to === 'string' ? body.meta.to : undefined);
  if (from === undefined || to === undefined || from > to || !Array.isArray(body?.data)) return undefined;
  const samples: Array<{ day: string; players: number }> = [];
  for (const sample of body.data as unknown[]) {
    const { recorded_at: time, players } = (sample ?? {}) as { recorded_at?: unknown; players?: unknown };
    if (
      typeof time !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T[^+]*Z$/.test(time) ||
      Number.isNaN(Date.parse(time))
    )
      return undefined;
    if (typeof players !== 'number' || !Number.isInteger(players)) return undefined;
    samples.push({ day: time.slice(0, 10), players });
  }
  return {
    game: idInPath(response),
    granularity,
    from,
    to,
    samples,
    closedBefore: utcDateOf(response.serverDate - LATE_SAMPLE_MS),
    response,
  };
}

/** What a daily answer says of a day a raw answer given before it has samples of. */
export interface RawDailyDay {
  day: string;
  /** The raw samples' counts, in the order given. */
  values: number[];
  /** The daily value of the day, if the daily answer has one. */
  daily: number | undefined;
  /** Whether the day had ended when the raw answer was given (its samples are all of it). */
  closed: boolean;
  raw: ObservedPlayers;
}

/**
 * Pairs each daily answer with the raw answers of the same game given before it: the days inside
 * both ranges on which the raw answer has samples. A daily answer must hold a value for each (a
 * sample never vanishes, and a day with samples has a daily average, today's partial day
 * included); for a day that had ended when the raw answer was given, that value is the rounded
 * mean of its samples. `histories` in the order the run received them.
 */
export function rawDailyPairs(
  histories: readonly ObservedPlayers[],
): Array<{ daily: ObservedPlayers; days: RawDailyDay[] }> {
  const pairs: Array<{ daily: ObservedPlayers; days: RawDailyDay[] }> = [];
  const rawSoFar: ObservedPlayers[] = [];
  for (const history of histories) {
    if (history.granularity === 'raw') {
      rawSoFar.push(history);
      continue;
    }
    const dailyOf = new Map(history.samples.map((sample) => [sample.day, sample.players]));
    const days: RawDailyDay[] = [];
    for (const raw of rawSoFar) {
      if (raw.game !== history.game) continue;
      const from = raw.from > history.from ? raw.from : history.from;
      const to = raw.to < history.to ? raw.to : history.to;
      const perDay = new Map<string, number[]>();
      for (const sample of raw.samples) {
        if (sample.day < from || sample.day > to) continue;
        perDay.set(sample.day, [...(perDay.get(sample.day) ?? []), sample.players]);
      }
      for (const [day, values] of perDay)
        days.push({ day, values, daily: dailyOf.get(day), closed: day < raw.closedBefore, raw });
    }
    if (days.length > 0) pairs.push({ daily: history, days });
  }
  return pairs;
}
