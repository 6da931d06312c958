import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { spacedTerms } from './arbitraries/spaced-terms.ts';
import { punctuatedText, punctuationExamples } from './arbitraries/punctuated-text.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { lacksTermFailure, missingTerms } from './support/missing-terms.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';
import { literalQuery } from '../harness/literal-query.ts';

/** One page this large holds the whole result of most searches. */
const PER_PAGE = 50;

/** Descriptions fetched per punctuated search for games whose name and intro lack a term. */
const DETAIL_FETCHES_PER_CASE = 5;

/**
 * §4 `q` is "split on whitespace", so the terms are all that counts: a `q` whose terms are
 * separated by tabs, line breaks or runs of spaces, or padded with them, selects exactly
 * what the same terms joined by single spaces select (whatever the letter-case reading, D21), and
 * a term written twice what it selects once.
 * And only whitespace splits: a term with punctuation in or around it (quotes, a backslash, `;`,
 * parentheses, a leading `-`, `:`) is one term of literal text, neither a separator nor query
 * syntax — answered 200, every game returned holding it (name, intro or description, D21); sent
 * with the characters a query may hold unescaped (`;`, `'`, `(`) left literal.
 */
export const qWhitespace = defineCheck({
  id: 'GAMES-Q-WHITESPACE',
  area: 'games',
  source: '§4 GET /games parameters, q ("split on whitespace")',
  level: 'must',
  title: 'Any whitespace between search terms selects what single spaces select',
  covers: ['S4.GAMES.Q'],
  comparesAnswers: true,
  decisions: ['D21'],
  async run(ctx) {
    const byGame = new Map<number, string[]>();
    for (const { word, gameId } of ctx.discovery.words)
      byGame.set(gameId, [...(byGame.get(gameId) ?? []), word]);
    if (byGame.size === 0) return ctx.skip('discovery found no words in names or intros');
    // Words of one game, so that the search finds something to compare.
    const arbitrary = fc
      .constantFrom(...byGame.values())
      .chain((words) => fc.subarray(words, { minLength: 1, maxLength: Math.min(3, words.length) }))
      .chain((terms) => spacedTerms(terms).map((q) => ({ terms, q })))
      .filter(({ terms, q }) => q !== terms.join(' '));
    await ctx.property(
      [arbitrary],
      async ({ terms, q }) => {
        const plain = terms.join(' ');
        const single = await fetchGamesPage(ctx, toQueryPairs({ q: plain, perPage: PER_PAGE }));
        const spaced = await fetchGamesPage(
          ctx,
          toQueryPairs({ q, perPage: PER_PAGE }),
          `to q=${JSON.stringify(q)}`,
        );
        const want = single.body.data.map((game) => game.id);
        const got = new Set(spaced.body.data.map((game) => game.id));
        if (
          spaced.body.meta.total !== single.body.meta.total ||
          got.size !== want.length ||
          want.some((id) => !got.has(id))
        ) {
          ctx.fail(
            failureOf(
              spaced.response,
              `q=${JSON.stringify(q)} selects other games than q=${JSON.stringify(plain)}`,
              `meta.total ${single.body.meta.total}, ids [${want.join(', ')}]`,
              `meta.total ${spaced.body.meta.total}, ids [${[...got].join(', ')}]`,
            ),
          );
        }
      },
      // Two requests per case: half the run's cases. First a word of a game written twice: every
      // term must occur, so a repeated term selects what it selects once (a server that counts
      // terms against matches, or builds an AND of distinct terms badly, finds nothing).
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 2)),
        examples: [...byGame.values()]
          .slice(0, 1)
          .map(([word]) => [{ terms: [word!], q: `${word!} ${word!}` }]),
      },
    );
    // The second property (never in the minimal pass): punctuated terms.
    await ctx.property(
      [punctuatedText(ctx.discovery)],
      async ({ q, terms }) => {
        // Sent escaped as little as a query allows (`;`, `'`, `(` literal): what a careless
        // client or a shell's curl line sends.
        const response = await ctx.client.get('/games', {
          rawQuery: literalQuery(toQueryPairs({ q, perPage: PER_PAGE })),
        });
        const { body } = expectGamesPage(
          ctx,
          response,
          `to q=${JSON.stringify(q)} (only whitespace splits q: punctuation is text to search for)`,
        );
        const judgement = await missingTerms(ctx, body.data, terms, DETAIL_FETCHES_PER_CASE);
        const failure = lacksTermFailure(response, q, judgement, 'punctuation is part of a term');
        if (failure !== undefined) ctx.fail(failure);
      },
      {
        // One request per case, rarely a few descriptions more: a fifth of the run's cases.
        numRuns: Math.max(1, Math.ceil(ctx.runs / 5)),
        examples: punctuationExamples(ctx.discovery).map((text) => [text]),
      },
    );
  },
});
