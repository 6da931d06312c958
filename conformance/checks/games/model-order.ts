import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { Profile, SortName } from '../../src/core/profile.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { sortName } from './arbitraries/sort-name.ts';
import { unknownSort } from './arbitraries/unknown-sort.ts';
import {
  directoryModel,
  expectedMatches,
  refreshGames,
  type DirectoryModel,
} from './support/directory-model.ts';
import {
  DEFAULT_PER_PAGE,
  SORT_NAMES,
  toQueryPairs,
  withoutForbiddenCombination,
  type GamesFilter,
} from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { orderProblem, valueAt } from './support/order-problem.ts';

/** Games looked up again per case when a page and the model disagree (D63). */
const MAX_REFRESH = 10;

type SortKey = Profile['sortKeys'][SortName];

function sortOf(filter: GamesFilter): SortName {
  // §4: an unknown sort falls back to last_updated, as does none.
  return (SORT_NAMES as readonly string[]).includes(filter.sort ?? '')
    ? (filter.sort as SortName)
    : 'last_updated';
}

/** The model's games a filter matches, in the profile's order (D22); undefined when some match only possibly. */
function orderedMatches(
  model: DirectoryModel,
  filter: GamesFilter,
  nowMs: number,
  key: SortKey,
  tieBreak: Profile['sortTieBreak'],
): GameSummary[] | undefined {
  const { sure, possible } = expectedMatches(model, filter, nowMs);
  if (sure.size !== possible.size) return undefined;
  const games = [...sure].map((id) => model.games.get(id)!.summary);
  return games.sort((a, b) => {
    if (orderProblem(a, b, key, tieBreak) === undefined)
      return orderProblem(b, a, key, tieBreak) === undefined ? 0 : -1;
    return 1;
  });
}

/** What a page is compared by: ids when ties break by id, the sort values when ties are unordered. */
function shown(games: GameSummary[], key: SortKey, tieBreak: Profile['sortTieBreak']): string[] {
  return games.map((game) =>
    tieBreak === 'none' ? JSON.stringify(valueAt(game, key.field)) : String(game.id),
  );
}

/**
 * Model-based order and page slices: for a generated filter, sort, page and page size, the
 * page holds exactly the games the model places there — its matching games ordered by the
 * profile's sort key and tie-break (D22), sliced by page and per_page. Profile level: the
 * keys are an open point. Cases with a game near a time-window boundary are left alone; a
 * disagreement is judged again on the fresh details of the games involved (D63). The explicit
 * parts under every order are must checks: the set (GAMES-MODEL-RESULTS, GAMES-SORT-SAME-SET),
 * the slice sizes (GAMES-PAGE-SLICE), each sort's direction (GAMES-SORT-DIRECTION) and the
 * fallback of an unknown sort (GAMES-SORT-UNKNOWN-FALLBACK).
 */
export const modelOrder = defineCheck({
  id: 'GAMES-MODEL-ORDER',
  area: 'games',
  source: '§4 GET /games parameters, sort, page, per_page (keys and ties not shown: DECISIONS D22)',
  level: 'profile',
  title: 'Each page holds the slice of a model of the directory in the profile order',
  covers: ['S4.GAMES.SORT', 'S4.GAMES.PAGE', 'S4.GAMES.PERPAGE'],
  comparesAnswers: true,
  decisions: ['D22', 'D62', 'D63'],
  deferred: true,
  async run(ctx) {
    const model = await directoryModel(ctx);
    const arbitrary = fc
      .tuple(
        filterQuery(ctx.discovery, { paging: false, search: false }),
        // No sort, an unknown one (both mean last_updated, §4) or one of the six.
        fc.option(fc.oneof({ weight: 4, arbitrary: sortName() }, { weight: 1, arbitrary: unknownSort() }), {
          nil: undefined,
        }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
      )
      .map(([{ sort: _sort, ...filter }, sort, page, perPage]) =>
        withoutForbiddenCombination({
          ...filter,
          ...(sort !== undefined ? { sort } : {}),
          ...(page !== undefined ? { page } : {}),
          ...(perPage !== undefined ? { perPage } : {}),
        }),
      );
    // Each sort over the whole directory, on a page past the first: where a slice goes wrong.
    const examples = SORT_NAMES.map((sort) => [{ sort, page: 2, perPage: 50 }]);
    let judged = 0;
    await ctx.property(
      [arbitrary],
      async (filter) => {
        const sort = sortOf(filter);
        const key = ctx.profile.sortKeys[sort];
        const tieBreak = ctx.profile.sortTieBreak;
        let { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        const page = filter.page ?? 1;
        const perPage = filter.perPage ?? DEFAULT_PER_PAGE;
        const slice = (ordered: GameSummary[]) => ordered.slice((page - 1) * perPage, page * perPage);
        let ordered = orderedMatches(model, filter, ctx.discovery.serverNow(), key, tieBreak);
        if (ordered === undefined) return;
        let got = shown(body.data, key, tieBreak);
        let want = shown(slice(ordered), key, tieBreak);
        if (got.join() !== want.join()) {
          // D63: sort values move (votes, updates, crawls) while the run goes on. Judged again on
          // data of one moment: the page asked again, its own games taken into the model as it
          // shows them, and the games the model still places on the page but the page lacks,
          // looked up now (they may have moved away).
          ({ response, body } = await fetchGamesPage(ctx, toQueryPairs(filter), 'to a valid query', {
            fresh: true,
          }));
          got = shown(body.data, key, tieBreak);
          // The pages before it too, asked again: games that moved ahead of this page (an edit
          // puts a game first in last_updated) shift it, and the model must know where they went.
          const before: GameSummary[] = [];
          for (let earlier = 1; earlier < page; earlier += 1) {
            const query = toQueryPairs({ ...filter, page: earlier, perPage });
            const { body: earlierBody } = await fetchGamesPage(ctx, query, 'to a valid query', {
              fresh: true,
            });
            before.push(...earlierBody.data);
          }
          for (const game of [...before, ...body.data]) {
            const known = model.games.get(game.id);
            model.games.set(game.id, { ...known, summary: game });
          }
          // Every game the model places up to this page's end but no page fetched now shows may
          // have moved away (a failed crawl sends it back in recently_online): looked up now.
          const onPage = new Set([...before, ...body.data].map((game) => game.id));
          const looked = new Set<number>();
          for (let round = 0; round < 2; round += 1) {
            ordered = orderedMatches(model, filter, ctx.discovery.serverNow(), key, tieBreak);
            if (ordered === undefined) return;
            const absent = ordered
              .slice(0, page * perPage)
              .map((game) => game.id)
              .filter((id) => !onPage.has(id) && !looked.has(id));
            if (absent.length === 0) break;
            for (const id of absent) looked.add(id);
            await refreshGames(ctx, model, absent, MAX_REFRESH);
          }
          ordered = orderedMatches(model, filter, ctx.discovery.serverNow(), key, tieBreak);
          if (ordered === undefined) return;
          want = shown(slice(ordered), key, tieBreak);
        }
        judged += 1;
        if (got.join() === want.join()) return;
        const modelSays = `a model of the directory (${model.games.size} games, ${key.field} ${key.direction}, nulls last, ties ${tieBreak})`;
        const at = Array.from({ length: Math.max(got.length, want.length) }, (_, i) => i).find(
          (i) => got[i] !== want[i],
        ) as number;
        const what = tieBreak === 'none' ? `a game with ${key.field} ` : 'game ';
        const message =
          got[at] === undefined || want[at] === undefined
            ? `sort=${sort}, page ${page} of ${perPage}: the page holds ${got.length} games where ${modelSays} puts ${want.length}`
            : `sort=${sort}, page ${page} of ${perPage}: position ${(page - 1) * perPage + at + 1} holds ${what}${got[at]} where ${modelSays} puts ${want[at]}`;
        ctx.fail(failureOf(response, message, `[${want.join(', ')}]`, `[${got.join(', ')}]`));
      },
      { examples },
    );
    if (judged === 0) return ctx.skip('every generated query had a game near a time-window boundary');
  },
});
