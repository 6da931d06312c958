import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { FILTER_MEMBERSHIP_RULES } from '../../src/rules.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { directoryModel, textOf, wordsOf, type DirectoryModel } from './support/directory-model.ts';
import { judgeAgainstModel } from './support/model-verdict.ts';
import { withoutForbiddenCombination, type GamesFilter } from './support/games-filter.ts';

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

/**
 * Of the longest text in the directory (name, intro and description together), the word that
 * appears first the furthest in (wordsOf keeps each word at its first place), whether or not other
 * games hold it: a search over a column of some fixed length misses the end of the longest texts
 * only, and a word the text also holds earlier would be found before any cut.
 */
function longestTextLastWord(model: DirectoryModel): string | undefined {
  let longest: string | undefined;
  for (const game of model.games.values()) {
    const text = textOf(game);
    if (longest === undefined || text.length > longest.length) longest = text;
  }
  return wordsOf(longest ?? '').at(-1);
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
    const last = model.withDescriptions ? longestTextLastWord(model) : undefined;
    const examples: GamesFilter[][] = [
      ...(hidden === undefined ? [] : [[{ q: hidden }]]),
      ...(last === undefined || last === hidden ? [] : [[{ q: last }]]),
      [{}],
    ];
    let judged = 0;
    await ctx.property(
      [arbitrary],
      async (filter) => {
        await judgeAgainstModel(ctx, model, filter);
        judged += 1;
      },
      { examples },
    );
    ctx.log(
      `${judged} queries judged against a model of ${model.games.size} games (${model.requests} crawl requests)`,
    );
  },
});
