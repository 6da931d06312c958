import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { addDays, utcDateOf, utcMidnightMs } from '../../src/core/dates.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { crawledByListing, listedMs, longestHistoryGameId } from '../harness/long-history.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';

interface Split {
  granularity: 'daily' | 'raw';
  /** Days before today of `to` (≥ 1: finished days, whose history no longer moves). */
  back: number;
  /** Days in the range. */
  span: number;
  /** Days in the left part (1 … span − 1). */
  cut: number;
}

const split: fc.Arbitrary<Split> = fc
  .record({
    granularity: fc.constantFrom('daily' as const, 'raw' as const),
    back: fc.integer({ min: 1, max: 40 }),
    span: fc.integer({ min: 2, max: 30 }),
    cutShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ granularity, back, span, cutShare }) => {
    // Raw ranges stay short (48 samples a day).
    const days = granularity === 'raw' ? Math.min(span, 7) : span;
    return { granularity, back, span: days, cut: 1 + Math.min(days - 2, Math.floor(cutShare * (days - 1))) };
  });

/** The longest ranges (§4: "a `daily` range spans at most 365 days; a `raw` range spans at most 90 days"; D25). */
const DAILY_MAX_DAYS = 365;
const RAW_MAX_DAYS = 90;

/**
 * The games of the longest cases: for the daily year, the crawled game whose listing lies
 * earliest inside the year ending yesterday (its history begins inside the range: days without
 * samples, then a long run with them); for raw's 90 days, the game with the longest history
 * (crawled all through: the most samples a range holds).
 */
function longRangeGames(discovery: Discovery, today: string): { year?: number; fullest?: number } {
  const yearStart = utcMidnightMs(addDays(today, -DAILY_MAX_DAYS));
  return {
    year: crawledByListing(discovery).find((game) => listedMs(game) >= yearStart)?.id,
    fullest: longestHistoryGameId(discovery),
  };
}

const key = (s: { recorded_at: string; players: number }) => `${s.recorded_at} ${s.players}`;

/**
 * `from` and `to` are inclusive (§4 players parameters), in both granularities, shown by a
 * relation that holds whatever the data: [from, to] is exactly [from, mid] followed by
 * [mid + 1, to]. A half-open range loses the days at the cut; an off-by-one at either end
 * repeats or drops them. Only finished days (to ≤ yesterday), whose history no longer moves.
 * First cases: the longest ranges each granularity allows (a year of daily values of a game whose
 * history begins inside it, 90 days of raw samples of a game crawled all through), then short ones.
 */
export const rangeSplit = defineCheck({
  id: 'PLAYERS-RANGE-SPLIT',
  area: 'players',
  source: '§4 GET /games/{gameId}/players parameters (from: "Inclusive UTC start"; to: "Inclusive UTC end")',
  level: 'must',
  title: 'A range is the union of its two halves, both ends inclusive',
  covers: ['S4.PLAYERS.FROM', 'S4.PLAYERS.TO'],
  comparesAnswers: true,
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    const { year, fullest } = longRangeGames(ctx.discovery, today);
    let judged = 0;
    await ctx.property(
      [playersGameId(ctx), split],
      async (id, { granularity, back, span, cut }) => {
        const to = addDays(today, -back);
        const from = addDays(to, -(span - 1));
        const mid = addDays(from, cut - 1);
        const query = (a: string, b: string) => [
          ['granularity', granularity] as [string, string],
          ['from', a] as [string, string],
          ['to', b] as [string, string],
        ];
        const whole = await fetchPlayers(ctx, id, query(from, to));
        const left = await fetchPlayers(ctx, id, query(from, mid));
        const right = await fetchPlayers(ctx, id, query(addDays(mid, 1), to));
        const expected = whole.body.data.map(key);
        const received = [...left.body.data, ...right.body.data].map(key);
        if (expected.length > 0 || received.length > 0) judged += 1;
        if (expected.join('|') === received.join('|')) return;
        const firstDiff = expected.findIndex((value, i) => value !== received[i]);
        ctx.fail(
          failureOf(
            whole.response,
            `${granularity} ${from}..${to} is not ${from}..${mid} followed by ${addDays(mid, 1)}..${to}`,
            `${expected.length} samples, the halves' ${received.length} in order (both ends inclusive)`,
            `${expected.length} vs ${received.length} samples; first difference at ${firstDiff < 0 ? expected.length : firstDiff}: ` +
              `${expected[firstDiff] ?? '(none)'} vs ${received[firstDiff] ?? '(none)'}`,
          ),
        );
      },
      {
        numRuns: Math.min(ctx.runs, 30),
        examples:
          first === undefined
            ? []
            : [
                // The longest ranges first: a daily year (D25: 365 days) and raw's 90 days (4,320
                // samples of a game crawled every 30 minutes), each cut in the middle. Where an
                // answer is read in store pages (a page boundary repeating or ending the reading)
                // or in chunks, the whole and its halves are read across different boundaries.
                [
                  year ?? first,
                  { granularity: 'daily', back: 1, span: DAILY_MAX_DAYS, cut: Math.ceil(DAILY_MAX_DAYS / 2) },
                ],
                [
                  fullest ?? first,
                  { granularity: 'raw', back: 1, span: RAW_MAX_DAYS, cut: RAW_MAX_DAYS / 2 },
                ],
                [first, { granularity: 'daily', back: 1, span: 10, cut: 5 }],
                [first, { granularity: 'raw', back: 1, span: 2, cut: 1 }],
              ],
      },
    );
    if (judged === 0) ctx.skip('no range looked at held a sample');
  },
});
