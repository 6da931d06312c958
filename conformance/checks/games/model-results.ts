import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { FILTER_MEMBERSHIP_RULES } from '../../src/rules.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import {
  directoryModel,
  expectedMatches,
  refreshGames,
  textOf,
  wordsOf,
  type DirectoryModel,
  type Expectation,
  type ModelGame,
} from './support/directory-model.ts';
import { missingIn } from './support/missing-terms.ts';
import { WALK_PER_PAGE, walkPages } from './support/walk-pages.ts';
import { filterViolations } from './support/filter-violations.ts';
import {
  searchTerms,
  toQueryPairs,
  withoutForbiddenCombination,
  type GamesFilter,
} from './support/games-filter.ts';

/** Games looked up again per case when the model and the server disagree (D63). */
const MAX_REFRESH = 8;
/**
 * Pages walked afresh (of 50) when only the total disagrees and the first walk stopped at its
 * cap: the whole result, so a game the model is behind on can be named and looked up (D63).
 */
const MAX_BLAME_PAGES = 10;

/** One or two words of one game's text (its description too when the model has it): a `q` that finds it. */
function modelSearch(model: DirectoryModel): fc.Arbitrary<string | undefined> {
  const wordLists = [...model.games.values()]
    .map((game) => wordsOf(textOf(game)))
    .filter((w) => w.length > 0);
  if (wordLists.length === 0) return fc.constant(undefined);
  return fc
    .constantFrom(...wordLists)
    .chain((words) => fc.subarray(words, { minLength: 1, maxLength: 2 }))
    .map((words) => words.join(' '));
}

/**
 * The canonical case only a model has: a word of some game's description found in no
 * name or intro of the directory, searched alone.
 */
function descriptionOnlyWord(model: DirectoryModel): string | undefined {
  const shown = new Set<string>();
  for (const { summary } of model.games.values()) {
    for (const word of wordsOf(`${summary.name} ${summary.intro}`)) shown.add(word.toLowerCase());
  }
  for (const { description } of model.games.values()) {
    // From the end of the description: the part a truncated search column would miss.
    const words = wordsOf(description ?? '').filter((word) => word.length >= 6);
    const hidden = words.reverse().find((word) => !shown.has(word.toLowerCase()));
    if (hidden !== undefined) return hidden;
  }
  return undefined;
}

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

/**
 * Model-based (differential) check: the whole directory is crawled once (details too, for
 * `q`), and each generated query — search terms drawn from the games' full texts, any sort,
 * connection type, the three flags and tag filters — must return exactly the games the model
 * says match, with `meta.total` their number. Tolerances are the suite's (time-window slack,
 * D48; case-insensitive search allowed, case-sensitive matches required, D21), and a game on
 * which server and model disagree is looked up again before a verdict (D63).
 */
export const modelResults = defineCheck({
  id: 'GAMES-MODEL-RESULTS',
  area: 'games',
  source: '§4 GET /games, parameters and rule 2; §2 PaginationMeta ("total: count of matching items")',
  level: 'must',
  title: 'Each filter returns exactly the games a model of the whole directory matches',
  covers: [...FILTER_MEMBERSHIP_RULES, 'S2.PAGEMETA'],
  comparesAnswers: true,
  decisions: ['D21', 'D48', 'D62', 'D63'],
  deferred: true,
  async run(ctx) {
    const model = await directoryModel(ctx);
    const search = model.withDescriptions ? modelSearch(model) : fc.constant(undefined);
    const arbitrary = fc
      .tuple(
        filterQuery(ctx.discovery, { paging: false, search: false }),
        fc.option(search, { nil: undefined }),
      )
      .map(([filter, q]) => withoutForbiddenCombination(q === undefined ? filter : { ...filter, q }));
    const hidden = model.withDescriptions ? descriptionOnlyWord(model) : undefined;
    const examples: GamesFilter[][] = hidden === undefined ? [[{}]] : [[{ q: hidden }], [{}]];
    let judged = 0;
    await ctx.property(
      [arbitrary],
      async (filter) => {
        // Every game of the result when it spans at most four pages (200 games); else page 1's.
        let { response, games, total, complete } = await walkPages(ctx, toQueryPairs(filter));
        let returned = new Set(games.map((game) => game.id));
        let expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
        let found = disagreement(expectation, returned, total, complete);
        if (!agrees(found)) {
          // D63: the model may be behind the deployment, and the walk too (the run's cache): the
          // result walked again afresh, then the disagreeing games looked up now.
          // A total that differs with no game of the first pages to blame: the whole result walked
          // (more than the capped walk's pages, the walk having stopped short of its total).
          const pages =
            !complete && found.missing.length === 0 && found.extra.length === 0
              ? Math.min(
                  MAX_BLAME_PAGES,
                  Math.ceil(Math.max(total, expectation.possible.size) / WALK_PER_PAGE),
                )
              : undefined;
          ({ response, games, total, complete } = await walkPages(
            ctx,
            toQueryPairs(filter),
            pages,
            undefined,
            { fresh: true },
          ));
          returned = new Set(games.map((game) => game.id));
          found = disagreement(expectation, returned, total, complete);
          await refreshGames(ctx, model, [...found.missing, ...found.extra], MAX_REFRESH);
          expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
          found = disagreement(expectation, returned, total, complete);
        }
        judged += 1;
        if (agrees(found)) return;
        const nowMs = ctx.discovery.serverNow();
        const lines = [
          ...found.missing.map((id) => {
            const game = model.games.get(id);
            return `game ${id} (${JSON.stringify(game?.summary.name)}) matches every filter but was not returned`;
          }),
          ...found.extra.map(
            (id) => `game ${id} was returned but ${whyNot(model.games.get(id), filter, nowMs)}`,
          ),
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
      },
      { examples },
    );
    ctx.log(
      `${judged} queries judged against a model of ${model.games.size} games (${model.requests} crawl requests)`,
    );
  },
});
