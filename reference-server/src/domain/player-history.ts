import type { GameRecord } from '../../../fixtures/src/model.ts';
import { dailyAverages, rawSamples } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import { NO_VARIANTS, type VariantSet } from '../variants.ts';
import { parseDateRange } from './date-range.ts';
import { domainError, ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { readEnumParam } from './query-param.ts';
import { formatUtcTimestamp } from './utc-format.ts';

export type PlayerHistoryResponse = components['schemas']['PlayerHistoryResponse'];
export type Granularity = PlayerHistoryResponse['meta']['granularity'];

const ERROR_CODE = 'invalid_date_range';

/** §4 GET /games/{gameId}/players and §8: longest span per granularity, both ends counted (D25). */
export const MAX_SPAN_DAYS: Readonly<Record<Granularity, number>> = { daily: 365, raw: 90 };
const GRANULARITIES: readonly Granularity[] = ['daily', 'raw'];

function maxSpanDays(granularity: Granularity, faults: FaultSet): number {
  if (granularity === 'daily' && faults.has('daily-range-366-accepted')) return 366;
  // Counting to − from instead of both ends.
  if (granularity === 'daily' && faults.has('daily-range-365-refused')) return 364;
  if (granularity === 'raw' && faults.has('raw-range-91-accepted')) return 91;
  return MAX_SPAN_DAYS[granularity];
}

/** Per UTC day, the largest raw sample (the daily-value-max fault; D24 wants the rounded mean). */
function dailyMaxima(game: GameRecord, startSec: number, endSec: number, now: number) {
  const maxima = new Map<number, number>();
  for (const s of rawSamples(game, startSec, endSec, now)) {
    const day = dayFloor(s.t);
    maxima.set(day, Math.max(maxima.get(day) ?? 0, s.players));
  }
  return [...maxima].map(([day, players]) => ({ day, players }));
}

/** x.5 → the even neighbour (banker's rounding); players are non-negative. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Per UTC day, the mean of its raw samples rounded half to even (variant `daily-round-half-even`, D24). */
function dailyMeansHalfEven(game: GameRecord, startSec: number, endSec: number, now: number) {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const s of rawSamples(game, startSec, endSec, now)) {
    const day = dayFloor(s.t);
    const entry = sums.get(day) ?? { sum: 0, count: 0 };
    entry.sum += s.players;
    entry.count += 1;
    sums.set(day, entry);
  }
  return [...sums].map(([day, { sum, count }]) => ({ day, players: roundHalfEven(sum / count) }));
}

function dailyValues(faults: FaultSet, variants: VariantSet) {
  if (faults.has('daily-value-max')) return dailyMaxima;
  return variants.has('daily-round-half-even') ? dailyMeansHalfEven : dailyAverages;
}

/**
 * GET /games/{gameId}/players: raw crawler samples, or per UTC day the Math.round of
 * the mean of that day's samples (D24; days without samples omitted, stamped 00:00:00Z).
 * Nothing after `nowMs`; a `to` in the future is accepted (D26).
 */
export function playerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  faults: FaultSet = NO_FAULTS,
  variants: VariantSet = NO_VARIANTS,
): DomainResult<PlayerHistoryResponse> {
  // §4: available for web-only games too, though their websites are not crawled for connections.
  if (game.webOnly && faults.has('players-web-only-404')) {
    return domainError(404, 'game_not_found', 'No game has this id.');
  }
  const granularity = readEnumParam<Granularity>(query, 'granularity', GRANULARITIES, 'daily', ERROR_CODE);
  if ('error' in granularity) return granularity;

  const range = parseDateRange(query, nowMs, {
    maxDays: maxSpanDays(granularity.ok, faults),
    errorCode: ERROR_CODE,
    faults,
  });
  if ('error' in range) return range;
  const { from, to, startSec, endSec } = range.ok;
  const now = Math.floor(nowMs / 1000);

  // Fault `players-to-exclusive`: the range stops before its last day, as a half-open range would.
  const lastSec = faults.has('players-to-exclusive') ? endSec - 86_400 : endSec;
  // `to` is inclusive up to 23:59:59Z; the next midnight belongs to the next day.
  const rawEnd = faults.has('raw-includes-next-midnight') ? lastSec + 1 : lastSec;
  // D24: a daily sample is stamped at its day's 00:00:00Z.
  const dailyStamp = faults.has('daily-stamped-at-noon') ? 12 * 3600 : 0;
  const data =
    granularity.ok === 'raw'
      ? rawSamples(game, startSec, rawEnd, now).map((s) => ({
          recorded_at: formatUtcTimestamp(s.t),
          // §2: an integer, not the MSSP variable's text.
          players: faults.has('player-count-as-text') ? (String(s.players) as unknown as number) : s.players,
        }))
      : dailyValues(faults, variants)(game, startSec, lastSec, now).map((d) => ({
          recorded_at: formatUtcTimestamp(d.day + dailyStamp),
          players: d.players,
        }));
  // §4: chronological.
  if (faults.has('players-reverse-chronological')) data.reverse();

  // §2: meta echoes the granularity served.
  const metaGranularity = faults.has('players-meta-always-daily') ? 'daily' : granularity.ok;
  return ok({ data, meta: { game_id: game.id, granularity: metaGranularity, from, to } });
}
