import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { patternExamples, searchText, type SearchText } from './arbitraries/search-text.ts';
import { sortName } from './arbitraries/sort-name.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { missingTerms } from './support/missing-terms.ts';
import type { Discovery } from '../../src/core/discovery.ts';

/** Descriptions fetched per case for games whose name and intro lack a term. */
const DETAIL_FETCHES_PER_CASE = 5;

/** A query of two words taken from two different games, when discovery saw such words. */
function twoGamesWords(words: ReadonlyArray<{ word: string; gameId: number }>): SearchText[] {
  const first = words[0];
  const other = words.find((w) => first !== undefined && w.gameId !== first.gameId);
  return first && other ? [{ q: `${first.word} ${other.word}`, terms: [first.word, other.word] }] : [];
}

/**
 * A word of a game's name or intro with the longest label of its own website's host (`www` and
 * labels under five letters aside) that no discovered name or intro holds: a server searching
 * every text column, the website too, returns that game for both terms, and one matching any
 * term returns the games of the word. A correct server returns the game only when its
 * description holds the label, which the judgement reads before it fails anything.
 */
function nameAndWebsiteWords(discovery: Discovery): SearchText[] {
  const texts = discovery.games.map((game) => `${game.name} ${game.intro}`.toLowerCase());
  for (const game of discovery.games) {
    let host: string;
    try {
      host = new URL(game.urls.website ?? '').hostname.toLowerCase();
    } catch {
      continue;
    }
    const label = host
      .split('.')
      .slice(0, -1)
      .filter((part) => part !== 'www' && /^[a-z]{5,}$/.test(part))
      .sort((a, b) => b.length - a.length)[0];
    if (label === undefined || texts.some((text) => text.includes(label))) continue;
    const word = discovery.words.find((entry) => entry.gameId === game.id)?.word;
    if (word !== undefined) return [{ q: `${word} ${label}`, terms: [word, label] }];
  }
  return [];
}

/**
 * Every game returned for `q` contains every whitespace-separated term in its name,
 * intro or description (judged case-insensitively, D21). Two words from different
 * games kill a server that matches any term instead of all; the grammar of `q`
 * (`searchText`: any whitespace, letter case, non-ASCII terms) kills one that splits
 * or folds terms otherwise.
 */
export const qTerms = defineCheck({
  id: 'GAMES-Q-TERMS',
  area: 'games',
  source:
    '§4 GET /games parameters, q ("every term must occur somewhere in the game\'s name, intro or full description")',
  level: 'must',
  title: 'Every search term occurs in each returned game',
  covers: ['S4.GAMES.Q'],
  comparesAnswers: true,
  decisions: ['D21'],
  async run(ctx) {
    if (ctx.discovery.words.length === 0) return ctx.skip('discovery found no words in names or intros');
    let judged = 0;
    let unjudged = 0;
    /** One search judged: the failure, if a returned game lacks a term. */
    const judge = async ({ q, terms }: SearchText, sort: string | undefined, fresh = false) => {
      const query = toQueryPairs({ q, sort, perPage: 50 });
      const { response, body } = await fetchGamesPage(ctx, query, undefined, { fresh });
      const judgement = await missingTerms(ctx, body.data, terms, DETAIL_FETCHES_PER_CASE, { fresh });
      judged += body.data.length - judgement.unjudged;
      unjudged += judgement.unjudged;
      const first = judgement.violations[0];
      return first === undefined
        ? undefined
        : failureOf(
            response,
            `Game ${first.gameId} is returned for q=${JSON.stringify(q)} but lacks a term`,
            'every term in the name, intro or description',
            `game ${first.gameId} has no ${first.missing.map((term) => JSON.stringify(term)).join(', ')} in name, intro or description`,
          );
    };
    // Once per run, whatever the budget, and not a case of the property (a correct server
    // usually returns nothing for it, and the property's first case must judge games): one
    // search and the descriptions of up to five returned games, past the run's cache; a
    // failure is judged once more on fresh answers before it counts (D65: a description may
    // have just gained the label).
    for (const text of nameAndWebsiteWords(ctx.discovery)) {
      ctx.log(`q=${JSON.stringify(text.q)}: a name word with a label of that game's website host`);
      const failure = (await judge(text, undefined, true)) && (await judge(text, undefined, true));
      if (failure !== undefined) ctx.fail(failure);
    }
    await ctx.property(
      [searchText(ctx.discovery), fc.option(sortName(), { nil: undefined })],
      async (text, sort) => {
        const failure = await judge(text, sort);
        if (failure !== undefined) ctx.fail(failure);
      },
      {
        // Up to six requests per case (descriptions): half the run's cases.
        numRuns: Math.max(1, Math.ceil(ctx.runs / 2)),
        // A word of a listed game's name or intro (it finds that game at least), then two words
        // of two different games (a server matching any term returns both games).
        examples: [
          ...ctx.discovery.words.slice(0, 1).map(({ word }) => [{ q: word, terms: [word] }, undefined]),
          ...twoGamesWords(ctx.discovery.words).map((text) => [text, undefined]),
          // A term with a wildcard of SQL LIKE or a glob in it matches only that literal text.
          ...patternExamples(ctx.discovery).map((text) => [text, undefined]),
        ],
      },
    );
    ctx.log(`${judged} games judged, ${unjudged} beyond the description-fetch cap`);
    if (judged === 0) return ctx.skip('no search returned a game');
  },
});
