/**
 * The verdict of the model-based checks on one filter (GAMES-MODEL-RESULTS, GAMES-FILTER-TOTALS):
 * the filter's result walked (every game when it spans at most four pages, else page 1), held
 * against what the model says matches; a disagreement is judged again on fresh data before a
 * verdict (D63: the result walked afresh, the disagreeing games looked up now), and only one that
 * survives fails the check.
 */
import type { CheckContext } from '../../../src/core/check.ts';
import { failureOf } from '../../../src/core/expect.ts';
import {
  expectedMatches,
  refreshGames,
  takeIn,
  textOf,
  type DirectoryModel,
  type Expectation,
  type ModelGame,
} from './directory-model.ts';
import { filterViolations } from './filter-violations.ts';
import { searchTerms, toQueryPairs, type GamesFilter } from './games-filter.ts';
import { missingIn } from './missing-terms.ts';
import { WALK_PER_PAGE, walkPages } from './walk-pages.ts';

/** Games looked up again per case when the model and the server disagree (D63). */
const MAX_REFRESH = 8;
/**
 * Pages walked afresh (of 50) when only the total disagrees and the first walk stopped at its
 * cap: the whole result, so a game the model is behind on can be named and looked up (D63).
 */
const MAX_BLAME_PAGES = 10;

interface Disagreement {
  /** Games the model says must be returned that were not. */
  missing: number[];
  /** Returned games the model says do not match. */
  extra: number[];
  totalOutside: boolean;
}

function disagreement(
  expectation: Expectation,
  returned: Set<number>,
  total: number,
  complete: boolean,
): Disagreement {
  return {
    missing: complete ? [...expectation.sure].filter((id) => !returned.has(id)) : [],
    extra: [...returned].filter((id) => !expectation.possible.has(id)),
    totalOutside: total < expectation.sure.size || total > expectation.possible.size,
  };
}

function agrees(d: Disagreement): boolean {
  return d.missing.length === 0 && d.extra.length === 0 && !d.totalOutside;
}

function whyNot(game: ModelGame | undefined, filter: GamesFilter, nowMs: number): string {
  if (game === undefined) return 'not an active game of the directory';
  const problems = filterViolations(game.summary, filter, nowMs);
  const absent = missingIn(textOf(game), searchTerms(filter.q));
  if (absent.length > 0) problems.push(`its name, intro and description lack ${absent.join(', ')}`);
  return problems.join('; ');
}

/** Judges `filter` against `model` (see the module comment); fails the check on a disagreement that survives fresh data. */
export async function judgeAgainstModel(
  ctx: CheckContext,
  model: DirectoryModel,
  filter: GamesFilter,
): Promise<void> {
  // Every game of the result when it spans at most four pages (200 games); else page 1's.
  let { response, games, total, complete } = await walkPages(ctx, toQueryPairs(filter));
  let returned = new Set(games.map((game) => game.id));
  let expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
  let found = disagreement(expectation, returned, total, complete);
  if (!agrees(found)) {
    // D63: the model may be behind the deployment, and the walk too (the run's cache): the
    // result walked again afresh — to its end (more than the capped walk's pages) when the first
    // walk stopped short of its total, so that a total that differs has games to blame — the
    // games it returned that the model disagrees on taken in as these fresh pages show them (a
    // model far behind a directory that moves fast may disagree on more games than a case looks
    // up), then the games still disagreeing looked up now.
    const pages = complete
      ? undefined
      : Math.min(MAX_BLAME_PAGES, Math.ceil(Math.max(total, expectation.possible.size) / WALK_PER_PAGE));
    ({ response, games, total, complete } = await walkPages(ctx, toQueryPairs(filter), pages, undefined, {
      fresh: true,
    }));
    returned = new Set(games.map((game) => game.id));
    found = disagreement(expectation, returned, total, complete);
    const extra = new Set(found.extra);
    takeIn(
      model,
      games.filter((game) => extra.has(game.id)),
    );
    expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
    found = disagreement(expectation, returned, total, complete);
    // The games still disagreeing looked up now, then as many of those taken in from the fresh
    // pages: a filtered page's summaries are the server's word for the games it chose, and a
    // server whose filtered pages alone misstate them (the filter and the summaries wrong alike)
    // would otherwise vouch for itself.
    await refreshGames(ctx, model, [...found.missing, ...found.extra, ...extra], MAX_REFRESH);
    expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
    found = disagreement(expectation, returned, total, complete);
  }
  if (agrees(found)) return;
  const nowMs = ctx.discovery.serverNow();
  const lines = [
    ...found.missing.map((id) => {
      const game = model.games.get(id);
      return `game ${id} (${JSON.stringify(game?.summary.name)}) matches every filter but was not returned`;
    }),
    ...found.extra.map((id) => `game ${id} was returned but ${whyNot(model.games.get(id), filter, nowMs)}`),
  ];
  const range =
    expectation.sure.size === expectation.possible.size
      ? `${expectation.sure.size}`
      : `${expectation.sure.size}–${expectation.possible.size}`;
  ctx.fail(
    failureOf(
      response,
      lines.length > 0
        ? `GET /games disagrees with a model of the whole directory (${model.games.size} games): ${lines.slice(0, 3).join('; ')}`
        : `GET /games says meta.total ${total} where a model of the whole directory (${model.games.size} games) counts ${range} matching games`,
      `${range} matching games${lines.length > 0 ? ', each returned' : ''}`,
      `meta.total ${total}; ${returned.size} games read${complete ? ' (all)' : ' (page 1)'}`,
    ),
  );
}
