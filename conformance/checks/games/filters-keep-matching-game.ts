import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { FILTER_MEMBERSHIP_RULES } from '../../src/rules.ts';
import { failureOf } from '../../src/core/expect.ts';
import {
  commonWordLateGameCase,
  lackingGameCase,
  matchingFilter,
  windowInsideEdgeCases,
} from './arbitraries/matching-filter.ts';
import { clearlySatisfies } from './support/filter-violations.ts';
import { gameNow, termsMissingNow } from './support/game-now.ts';
import { searchTerms, toQueryPairs, type GamesFilter } from './support/games-filter.ts';
import { walkPages } from './support/walk-pages.ts';

/**
 * A game is returned by every query it matches: one of its own words as `q` with any
 * of its own connection type, flags and tag ids (OR-ed with other values of the
 * category). Kills filters that drop matching games (wrong windows, AND within a
 * category, wrong tag lookups).
 */
export const filtersKeepMatchingGame = defineCheck({
  id: 'GAMES-FILTERS-KEEP-MATCHING-GAME',
  area: 'games',
  source:
    '§4 GET /games parameters (q, connection_type, has_reviews, recently_updated, online_recently, tag ids); rule 2',
  level: 'must',
  title: 'A game matching every filter of a query is returned',
  covers: FILTER_MEMBERSHIP_RULES,
  comparesAnswers: true,
  decisions: ['D2', 'D21', 'D48'],
  async run(ctx) {
    const arbitrary = matchingFilter(ctx.discovery, ctx.discovery.serverNow());
    if (arbitrary === undefined) return ctx.skip('discovery found no listed game with searchable words');
    const first = lackingGameCase(ctx.discovery, ctx.discovery.serverNow());
    let found = 0;
    let inconclusive = 0;
    await ctx.property(
      [arbitrary],
      async ({ game: seen, filter }) => {
        // Judged again (D65): the game as its detail shows it now, not discovery's summary — what
        // the filter reads may have moved since (a late-reported failed crawl takes its last
        // successful connection back; a review removed; an edit rewrites its texts) — and no
        // verdict once it is not active or no longer holds the search's terms.
        const game = ctx.rechecking ? await matchingGameNow(ctx, seen, filter) : seen;
        if (game === undefined) return;
        // The clock moved since generation: drop the case if the game is now near a window boundary.
        if (!clearlySatisfies(game, filter, ctx.discovery.serverNow())) return;
        const walk = await walkPages(ctx, toQueryPairs(filter));
        if (walk.games.some((listed) => listed.id === game.id)) {
          found += 1;
          return;
        }
        if (!walk.complete) {
          inconclusive += 1;
          return;
        }
        const response = await ctx.client.get('/games', { query: toQueryPairs(filter) });
        ctx.fail(
          failureOf(
            response,
            `Game ${game.id} matches every filter of the query but is not among its ${walk.total} games`,
            `game ${game.id} ("${game.name}") in the result`,
            `${walk.total} games without it (ids ${walk.games.map((g) => g.id).join(', ') || 'none'})`,
          ),
        );
      },
      // A walk per case (up to four requests): half the run's cases. First the game lacking the
      // most of what filters and sorts read, under everything it matches.
      // Then the last game holding the commonest word, under that word and one of its tags; then
      // the games nearest the inside edge of the 48-hour and the 30-day windows, under their flag.
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 2)),
        examples: [
          first,
          commonWordLateGameCase(ctx.discovery),
          ...windowInsideEdgeCases(ctx.discovery, ctx.discovery.serverNow()),
        ]
          .filter((example) => example !== undefined)
          .map((example) => [example]),
      },
    );
    ctx.log(`found the matching game ${found} times; ${inconclusive} queries too large to walk`);
    if (found === 0) return ctx.skip('no case could be judged (every query was too large to walk)');
  },
});

/**
 * The game as GET /games/{id} shows it now: undefined when it is no longer active, or its texts
 * no longer hold the filter's terms; discovery's summary when the detail cannot be read as one.
 */
async function matchingGameNow(
  ctx: CheckContext,
  seen: GameSummary,
  filter: GamesFilter,
): Promise<GameSummary | undefined> {
  const now = await gameNow(ctx, seen.id);
  if (!now.active) return undefined;
  if (now.game === undefined) return seen;
  return termsMissingNow(now.game, searchTerms(filter.q)).length > 0 ? undefined : now.game;
}
