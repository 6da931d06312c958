import { commonWord } from './support/common-word.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { unknownSort } from './arbitraries/unknown-sort.ts';
import { toQueryPairs, type GamesFilter } from './support/games-filter.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';
import { expectSamePage } from './support/same-page.ts';

/** The first case's unknown sort: a sort many search APIs have and this one has not. */
const FIRST_SORT = 'relevance';

/** A listed sort (`top_voted`) one letter off: what a server correcting typos takes for it. */
const NEAR_MISS = 'top_votes';

/** An unknown `sort` is no error: the query answers exactly what `sort=last_updated` answers. */
export const sortUnknownFallback = defineCheck({
  id: 'GAMES-SORT-UNKNOWN-FALLBACK',
  area: 'games',
  source: '§4 GET /games parameters, sort ("an unknown value falls back to last_updated (no error)")',
  level: 'must',
  title: 'An unknown sort falls back to last_updated',
  covers: ['S4.GAMES.SORT-UNKNOWN'],
  comparesAnswers: true,
  async run(ctx) {
    // First a search for the word of the most games seen under `relevance` (a sort many search
    // APIs have and this one has not): an unknown value mapped to any known sort — relevance
    // above all, where there is a search — reorders a page of many games; its `last_updated` page
    // is GAMES-SORT-DEFAULT's first (the run's cache answers it); with it, from spare budget, a
    // near miss of a listed sort (`top_votes`), which a server correcting typos sorts by votes.
    // Then `-newest`: a known name with JSON:API's minus, which a server reading it reverses.
    const word = commonWord(ctx.discovery.games);
    /** The query with `sort` answers what it answers with `sort=last_updated`. */
    const expectFallback = async (filter: GamesFilter, sort: string): Promise<void> => {
      const known = await fetchGamesPage(ctx, toQueryPairs({ ...filter, sort: 'last_updated' }));
      const response = await ctx.client.get('/games', { query: toQueryPairs({ ...filter, sort }) });
      if (response.status !== 200) {
        ctx.fail(
          failureOf(
            response,
            `sort=${JSON.stringify(sort)} is refused instead of falling back to last_updated`,
            '200, the same page as sort=last_updated',
            `${response.status}`,
          ),
        );
      }
      const unknown = expectGamesPage(ctx, response, `to sort=${JSON.stringify(sort)}`);
      expectSamePage(
        ctx,
        known,
        unknown,
        `sort=${JSON.stringify(sort)} does not answer like sort=last_updated`,
      );
    };
    await ctx.property(
      [filterQuery(ctx.discovery), unknownSort()],
      async (filter, sort) => {
        await expectFallback(filter, sort);
        // With the first case, from spare budget: a near miss of a listed sort (`top_voted` with
        // an `s`), which a server forgiving typos (an edit distance, a prefix) sorts by votes.
        if (sort === FIRST_SORT && ctx.spareBudget() > 0) await expectFallback({}, NEAR_MISS);
      },
      {
        examples: [
          [word === undefined ? {} : { q: word }, FIRST_SORT],
          [{}, '-newest'],
          // A name every object answers to: a sort looked up in a plain object finds a function.
          [{}, 'constructor'],
        ],
      },
    );
  },
});
