import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
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
/** Times a disagreeing page is asked and judged again while it keeps moving (D63). */
const MAX_SETTLE = 3;
/** Pages of 50 read on past a page to catch up a model far behind the deployment: up to the 500th game (D63). */
const CATCH_UP_PER_PAGE = 50;
const CATCH_UP_LAST_PAGE = 10;

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

/** A page's game ids, in order, as one string. */
function idsOf(games: readonly GameSummary[]): string {
  return games.map((game) => game.id).join();
}

/** Games as a page shows them now, taken into the model. */
function takeIn(model: DirectoryModel, games: readonly GameSummary[]): void {
  for (const game of games) {
    const known = model.games.get(game.id);
    model.games.set(game.id, { ...known, summary: game });
  }
}

/** The page a filter asks for and the pages before it, asked for now (fresh); `games` all of theirs, in order. */
async function pagesNow(
  ctx: CheckContext,
  filter: GamesFilter,
): Promise<Awaited<ReturnType<typeof fetchGamesPage>> & { games: GameSummary[] }> {
  const page = filter.page ?? 1;
  const perPage = filter.perPage ?? DEFAULT_PER_PAGE;
  const games: GameSummary[] = [];
  for (let earlier = 1; earlier < page; earlier += 1) {
    const query = toQueryPairs({ ...filter, page: earlier, perPage });
    const { body } = await fetchGamesPage(ctx, query, 'to a valid query', { fresh: true });
    games.push(...body.data);
  }
  const asked = await fetchGamesPage(ctx, toQueryPairs(filter), 'to a valid query', { fresh: true });
  games.push(...asked.body.data);
  return { ...asked, games };
}

/**
 * The slice of the model the page should show once the model has taken in the games of the
 * page and the pages before it as they show them now (games that moved ahead of the page shift
 * it), and the games it places up to the page's end that no page shows were looked up (they may
 * have moved away: a failed crawl sends a game back in recently_online). Undefined when some
 * game matches only possibly.
 */
async function modelSlice(
  ctx: CheckContext,
  model: DirectoryModel,
  filter: GamesFilter,
  shownNow: readonly GameSummary[],
  key: SortKey,
  tieBreak: Profile['sortTieBreak'],
): Promise<GameSummary[] | undefined> {
  const page = filter.page ?? 1;
  const perPage = filter.perPage ?? DEFAULT_PER_PAGE;
  takeIn(model, shownNow);
  const onPages = new Set(shownNow.map((game) => game.id));
  const looked = new Set<number>();
  // A round of catching up (the first, when needed), then two of look-ups.
  for (let round = 0; round < 3; round += 1) {
    const ordered = orderedMatches(model, filter, ctx.discovery.serverNow(), key, tieBreak);
    if (ordered === undefined) return undefined;
    const absent = ordered
      .slice(0, page * perPage)
      .map((game) => game.id)
      .filter((id) => !onPages.has(id) && !looked.has(id));
    if (absent.length === 0) break;
    // More games to look up than a case may: the model is far behind (a long run against a
    // directory moving fast). The result is read on past the page instead, 50 games a request.
    if (round === 0 && absent.length > MAX_REFRESH) {
      const missing = new Set(absent);
      for (
        let next = Math.floor((page * perPage) / CATCH_UP_PER_PAGE) + 1;
        next <= CATCH_UP_LAST_PAGE && missing.size > 0;
        next += 1
      ) {
        const query = toQueryPairs({ ...filter, page: next, perPage: CATCH_UP_PER_PAGE });
        const { body } = await fetchGamesPage(ctx, query, 'to a valid query', { fresh: true });
        takeIn(model, body.data);
        for (const game of body.data) missing.delete(game.id);
        if (body.data.length < CATCH_UP_PER_PAGE) break;
      }
      continue;
    }
    for (const id of absent) looked.add(id);
    await refreshGames(ctx, model, absent, MAX_REFRESH);
  }
  const ordered = orderedMatches(model, filter, ctx.discovery.serverNow(), key, tieBreak);
  return ordered?.slice((page - 1) * perPage, page * perPage);
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
        const ordered = orderedMatches(model, filter, ctx.discovery.serverNow(), key, tieBreak);
        if (ordered === undefined) return;
        let got = shown(body.data, key, tieBreak);
        let want = shown(slice(ordered), key, tieBreak);
        if (got.join() !== want.join()) {
          // D63: sort values move (votes, updates, crawls) while the run goes on. Judged again on
          // data of one moment: the page and the pages before it asked again, their games taken
          // into the model as they show them, the games the model still places up to the page's
          // end but no page shows looked up now (modelSlice).
          let shot = await pagesNow(ctx, filter);
          for (let attempt = 1; ; attempt += 1) {
            ({ response, body } = shot);
            got = shown(body.data, key, tieBreak);
            const judgedAgain = await modelSlice(ctx, model, filter, shot.games, key, tieBreak);
            if (judgedAgain === undefined) return;
            want = shown(judgedAgain, key, tieBreak);
            if (got.join() === want.join() || attempt === MAX_SETTLE) break;
            // A game can leave the pages and come back (a late-reported failed crawl lasts a few
            // seconds) between their answers and the look-ups: they are asked once more, and only
            // a disagreement over pages that stood still meanwhile is judged.
            const again = await pagesNow(ctx, filter);
            const stoodStill = idsOf(again.games) === idsOf(shot.games);
            shot = again;
            if (stoodStill) break;
          }
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
