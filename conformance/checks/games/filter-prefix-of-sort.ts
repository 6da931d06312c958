import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/**
 * A sort and a filter named after one fact read it alike: the games `recently_updated=1` keeps
 * (updated in the last 30 days) are the most recently updated, so they come first under
 * `sort=last_updated`; those `online_recently=1` keeps (reached in the last 48 hours) come first
 * under `sort=recently_online`; those `has_reviews=1` keeps (at least one review) come first under
 * `sort=most_reviewed`. Whatever a deployment reads for the fact (D22 leaves the sort keys open),
 * the filter and the sort read the same one, so the filter's games are a prefix of the sort's
 * order. A sort reading another source than its filter (a column left null until a listing is
 * first edited and sorted last, a counter the filter does not use) puts a kept game after one the
 * filter drops.
 *
 * Per pair: the filtered query's first page (50 a page) gives its total R. When R ≤ 50 the
 * unfiltered order's first R games are the filtered games; past 50, the unfiltered order's R-th
 * game is the filtered order's last (or ties with it on the fact's summary field, D22's ties
 * being open), which with the filtered order a subsequence of the sort's puts every kept game
 * before it: the two pages of 50 holding place R, the unfiltered one in the default order
 * discovery's. A first-pages-only case compares the two first pages (the unfiltered one's games
 * all kept, when R ≥ 50). An empty filter, or one keeping every game, gives no verdict.
 */
const PAIRS: ReadonlyArray<{ sort?: string; flag: string; field: (game: GameSummary) => unknown }> = [
  // The default order, §4's last_updated (GAMES-SORT-DEFAULT): the run has both first pages then
  // (discovery's, and GAMES-FILTER-RECENTLY-UPDATED's first case).
  { flag: 'recently_updated', field: (game) => game.dates.updated },
  { sort: 'recently_online', flag: 'online_recently', field: (game) => game.status.last_successful_connect },
  { sort: 'most_reviewed', flag: 'has_reviews', field: (game) => game.reviews.count },
];

const PER_PAGE = 50;

export const filterPrefixOfSort = defineCheck({
  id: 'GAMES-FILTER-PREFIX-OF-SORT',
  area: 'games',
  source:
    '§4 GET /games parameters: sort (last_updated, recently_online, most_reviewed) with recently_updated, online_recently, has_reviews',
  level: 'must',
  title: "A filter's games come first under the sort named after the same fact",
  covers: ['S4.GAMES.SORT', 'S4.GAMES.RECENTUPD', 'S4.GAMES.ONLINE', 'S4.GAMES.HASREVIEWS'],
  comparesAnswers: true,
  decisions: ['D22'],
  async run(ctx) {
    let judged = 0;
    await ctx.property(
      [fc.constantFrom(...PAIRS.keys()), fc.boolean()],
      async (at, headOnly) => {
        const { sort: sortNamed, flag, field } = PAIRS[at]!;
        const sorted: QueryPairs = sortNamed === undefined ? [] : [['sort', sortNamed]];
        const sort = sortNamed ?? 'last_updated';
        const filtered = await fetchGamesPage(ctx, [...sorted, [flag, 1], ['per_page', PER_PAGE]]);
        const kept = filtered.body.meta.total;
        if (kept === 0) return;
        // The page of 50 holding place `kept`, filtered and not (discovery's pages when unfiltered);
        // or, `headOnly`, the first pages alone (both in the run already for the default order).
        const page = headOnly ? 1 : Math.ceil(kept / PER_PAGE);
        const paged: QueryPairs =
          page === 1
            ? [['per_page', PER_PAGE]]
            : [
                ['per_page', PER_PAGE],
                ['page', page],
              ];
        const all = await fetchGamesPage(ctx, [...sorted, ...paged]);
        if (all.body.meta.total <= kept) return;
        if (page === 1) {
          judged += 1;
          const keptIds = new Set(filtered.body.data.map((game) => game.id));
          // Past the first page, a game tied with the page's last kept one may trade places with it.
          const lastKept = filtered.body.data[filtered.body.data.length - 1];
          const dropped = all.body.data
            .slice(0, Math.min(kept, PER_PAGE))
            .filter(
              (game) =>
                !keptIds.has(game.id) &&
                !(kept > PER_PAGE && lastKept !== undefined && field(game) === field(lastKept)),
            )
            .map((game) => game.id);
          expectThat(
            all.response,
            dropped.length === 0,
            `sort=${sort}: games ${flag}=1 drops come before games it keeps`,
            `the first ${Math.min(kept, PER_PAGE)} games of sort=${sort} are games of ${flag}=1 (${[...keptIds].join(', ')})`,
            `games ${dropped.join(', ')} among them`,
          );
          return;
        }
        const last = await fetchGamesPage(ctx, [...sorted, [flag, 1], ...paged]);
        const lastKept = last.body.data[(kept - 1) % PER_PAGE];
        const there = all.body.data[(kept - 1) % PER_PAGE];
        if (lastKept === undefined || there === undefined || last.body.meta.total !== kept) return;
        judged += 1;
        expectThat(
          all.response,
          there.id === lastKept.id || field(there) === field(lastKept),
          `sort=${sort}: the last game ${flag}=1 keeps is not at its place ${kept} in the sort's order`,
          `game ${lastKept.id} (the last of the ${kept} games of ${flag}=1) at place ${kept}, or a game tied with it`,
          `game ${there.id}`,
        );
      },
      {
        // The default order's first pages first (no request: the run has both), then each pair at
        // the place where its kept games end.
        examples: [[0, true], ...PAIRS.map((_, at) => [at, false] as [number, boolean])],
      },
    );
    if (judged === 0) ctx.skip('no filter kept some games but not all');
  },
});
