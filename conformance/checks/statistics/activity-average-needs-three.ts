import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { cellReadings, type CellReading } from './support/cell-fields.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { quietReachedGameId } from './support/few-players-game.ts';
import { activityPatternPath } from './support/statistics-path.ts';
import { addDays, DAY_MS, utcDateOf } from '../../src/core/dates.ts';

/** §4 statistics rule 2: fewer observations than this leave a cell's average null. */
const MIN_OBSERVATIONS = 3;

/** Pages walked back from the end of `sort=recently_online` looking for sparse games. */
const TAIL_PAGES = 3;

/**
 * Games whose default 30-day range holds few observations: those last reached between 30
 * days and a day ago (cells of 1–2 observations, where a wrong threshold shows) and those
 * not reached in the range at all (empty cells, where a 0 for null shows). They sit at the
 * end of `sort=recently_online` (§4 names the sort, so this holds under any field naming):
 * walk back up to three pages of 50 from the last, weighted up besides the games the players
 * checks use. At most four requests, sent when the check goes past its first case.
 */
async function sparseFirst(
  ctx: CheckContext,
): Promise<{ ids: fc.Arbitrary<number>; partial: number[]; empty: number[] }> {
  const query = (page: number) =>
    [
      ['sort', 'recently_online'],
      ['per_page', 50],
      ['page', page],
    ] as QueryPairs;
  const now = ctx.discovery.serverNow();
  const head = await fetchGamesPage(ctx, query(1));
  const lastPage = Math.max(1, Math.ceil(head.body.meta.total / 50));
  const partial: number[] = [];
  const empty: number[] = [];
  for (let page = lastPage; page >= Math.max(1, lastPage - TAIL_PAGES + 1) && partial.length === 0; page--) {
    const { body } = page === 1 ? head : await fetchGamesPage(ctx, query(page));
    for (const game of body.data) {
      if (game.status.web_only) continue;
      const last = game.status.last_successful_connect;
      const at = last === null ? Number.NaN : Date.parse(last);
      if (at >= now - 30 * DAY_MS && at < now - DAY_MS) partial.push(game.id);
      else if (!(at >= now - 30 * DAY_MS)) empty.push(game.id);
    }
  }
  const weighted = [
    ...(partial.length > 0 ? [{ arbitrary: fc.constantFrom(...partial), weight: 3 }] : []),
    ...(empty.length > 0 ? [{ arbitrary: fc.constantFrom(...empty), weight: 1 }] : []),
    { arbitrary: playersGameId(ctx), weight: 1 },
  ];
  return { ids: fc.oneof(...weighted), partial, empty };
}

/**
 * The first case, in the first half of a UTC hour: the game discovery saw players for, from a
 * week ago to today. The cell of this weekday and hour then holds this hour's first crawl and
 * the two of a week ago — exactly three observations, where a threshold of `<= 3` (or `< 4`)
 * shows; every other cell holds two or four. From the half hour on, the cell holds four and
 * the case would show nothing the default ones do not, so it is not made.
 */
function weekAndTodayExamples(ctx: CheckContext): Array<[number, QueryPairs]> {
  const id = ctx.discovery.gameWithPlayersId;
  const now = ctx.discovery.serverNow();
  if (id === undefined || new Date(now).getUTCMinutes() >= 30) return [];
  const today = utcDateOf(now);
  return [
    [
      id,
      [
        ['from', addDays(today, -7)],
        ['to', today],
      ],
    ],
  ];
}

/**
 * Then yesterday alone, for the same game: every hour of that weekday crawled through holds two
 * observations (a crawl every 30 minutes), and the other 144 cells none — a threshold of two (or
 * an empty cell's 0) shows, whatever the hour of the run.
 */
function yesterdayExamples(ctx: CheckContext): Array<[number, QueryPairs]> {
  const id = ctx.discovery.gameWithPlayersId;
  if (id === undefined) return [];
  const yesterday = addDays(utcDateOf(ctx.discovery.serverNow()), -1);
  return [
    [
      id,
      [
        ['from', yesterday],
        ['to', yesterday],
      ],
    ],
  ];
}

/**
 * "A cell with fewer than three observations has a null average" (§4 statistics rule 2),
 * judged under any field names: with the defaults (no parameter, valid whatever they are
 * called), the 168 cells are found by structure and read under every (count, average) pair
 * of fields their values allow (support/cell-fields.ts); the check fails only when no
 * reading satisfies the rule. Games last reached weeks ago, or not in the range at all, are
 * looked at first: their default range has the sparse and the empty cells. Below three
 * observations the average is null — never a number, never 0 for an empty cell; from three
 * on it is a number. The named reading is the profile check STATISTICS-ACTIVITY-NULL-AVERAGE.
 */
export const activityAverageNeedsThree = defineCheck({
  id: 'STATISTICS-ACTIVITY-AVERAGE-NEEDS-THREE',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("a cell with fewer than three observations has a null average")',
  level: 'must',
  title: 'An activity cell averages only from three observations on, whatever the fields are called',
  covers: ['S4.STATS.2', 'S8.ACTIVITYNULL'],
  async run(ctx) {
    let judged = 0;
    let unclear: string | undefined;
    const quiet = quietReachedGameId(ctx.discovery);
    const ownExamples = [
      ...weekAndTodayExamples(ctx),
      ...yesterdayExamples(ctx),
      // Then the default range of a game reporting no players: cells of three observations or
      // more of 0 average 0, not null.
      ...(quiet === undefined ? [] : [[quiet, []] as [number, QueryPairs]]),
    ];
    // The minimal pass judges the first of these alone: the walk for sparse games (up to four
    // requests) feeds the later cases, so it waits for the deepening.
    const { ids, partial, empty } =
      ownExamples.length > 0 && ctx.firstCaseOnly()
        ? { ids: playersGameId(ctx), partial: [], empty: [] }
        : await sparseFirst(ctx);
    const examples: Array<[number, QueryPairs]> = [
      ...ownExamples,
      ...[partial[0], empty[0], ctx.discovery.gameWithPlayersId]
        .filter((id): id is number => id !== undefined)
        .map((id) => [id, []] as [number, QueryPairs]),
    ];
    await ctx.property(
      [ids, fc.constant<QueryPairs>([])],
      async (id, range) => {
        const { response, ready } = await fetchStatistics(ctx, activityPatternPath(id), range);
        if (!ready) return;
        const cells = longestObjectArray(response.body);
        if (cells?.length !== 168) return; // STATISTICS-ACTIVITY-CELL-COUNT's finding
        const readings = cellReadings(cells.items);
        if (readings.length === 0) {
          unclear = `no field of the cells holds counts beside one holding averages (${Object.keys(cells.items[0] ?? {}).join(', ')})`;
          return;
        }
        judged += 1;
        const broken = (reading: CellReading) =>
          cells.items.filter((cell) => {
            const few = (cell[reading.count] as number) < MIN_OBSERVATIONS;
            return few ? cell[reading.average] !== null : typeof cell[reading.average] !== 'number';
          });
        const outcomes = readings.map((reading) => ({ reading, broken: broken(reading) }));
        if (outcomes.some((outcome) => outcome.broken.length === 0)) return;
        const { reading, broken: cellsBroken } = outcomes.sort(
          (a, b) => a.broken.length - b.broken.length,
        )[0]!;
        const cell = cellsBroken[0]!;
        const count = cell[reading.count] as number;
        expectThat(
          response,
          false,
          count < MIN_OBSERVATIONS
            ? `A cell with ${count} observation(s) has an average (${reading.average}: ${String(cell[reading.average])})`
            : `A cell with ${count} observations has no average`,
          `under some reading of the cells (${readings.map((r) => `${r.count}/${r.average}`).join(', ')}): an average null below 3 observations (0 is not "no average"), a number from 3 on`,
          `${cellsBroken.length} of 168 cells break it under the closest reading ${reading.count}/${reading.average}, e.g. ${JSON.stringify(cell)}`,
        );
      },
      { numRuns: Math.min(ctx.runs, 25), examples },
    );
    if (judged === 0) {
      ctx.skip(
        unclear === undefined
          ? 'every activity pattern looked at was not ready (503) or had no 168 cells'
          : `the cells' count and average could not be told apart by structure (${unclear})`,
      );
    }
  },
});
