import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { lastPage } from '../harness/last-page.ts';
import { type Pair, linkPairs, linkQueryProblems, normalPairs } from '../harness/link-query.ts';
import { judgeObservedLinks } from '../harness/collection-links.ts';
import { observedGets } from '../harness/observed-gets.ts';

/**
 * `self`, `next` and `previous` are absolute URIs of the collection that keep every
 * request parameter and carry their own page (D40: order and encoding are free): on its own
 * cases, then on every page of GET /games the run has (a `q` as other checks sent it, a page
 * past the last, a walk's pages; collection-links.ts says which requests are judged).
 */
export const linksPreserveQuery = defineCheck({
  id: 'GAMES-LINKS-PRESERVE-QUERY',
  area: 'games',
  source:
    '§2 shared types, PaginationLinks ("absolute URIs that preserve the query parameters of the request and include page")',
  level: 'must',
  title: 'Pagination links are absolute and keep the query',
  covers: ['S2.LINKS-ABS', 'S2.PAGELINKS'],
  decisions: ['D40'],
  async run(ctx) {
    await ctx.property(
      [filterQuery(ctx.discovery)],
      async (filter) => {
        const query = toQueryPairs(filter);
        // An empty `q` (the example below) is no filter by D21; a server refusing it is judged
        // elsewhere, not here (the run's cache answers the page below from this request).
        if (filter.q === '' && (await ctx.client.get('/games', { query })).status === 422) return;
        const { response, body } = await fetchGamesPage(ctx, query);
        const request = normalPairs(query);
        const harmless: Pair[] = [
          ['per_page', String(body.meta.per_page)],
          ['sort', 'last_updated'],
          ['connection_type', 'all'],
        ];
        const page = body.meta.page;
        // D39: a page past last+1 may link `previous` anywhere in 1..last
        // (GAMES-BEYOND-LAST-PAGE-LINKS judges it there).
        const beyond = page > lastPage(body.meta.total, body.meta.per_page) + 1;
        const links: Array<[string, string | undefined, number]> = [
          ['self', body.links.self, page],
          ['next', body.links.next, page + 1],
          ['previous', beyond ? undefined : body.links.previous, page - 1],
        ];
        for (const [name, link, expectedPage] of links) {
          if (link === undefined) continue;
          const pairs = linkPairs(link);
          const path = pairs === undefined ? '' : new URL(link).pathname.replace(/\/+$/, '');
          if (pairs === undefined || !path.endsWith('/games')) {
            return ctx.fail(
              failureOf(
                response,
                `links.${name} is not an absolute URI of the game collection`,
                'an absolute http(s) URI whose path ends in /games',
                link,
              ),
            );
          }
          const problems = linkQueryProblems(request, pairs, expectedPage, harmless);
          if (problems.length > 0) {
            ctx.fail(
              failureOf(
                response,
                `links.${name} does not preserve the request's parameters: ${problems[0]}`,
                `the request's parameters (any order and encoding) with page=${expectedPage}`,
                `${link}\n${problems.join('\n')}`,
              ),
            );
          }
        }
      },
      // First middle pages of a filtered, sorted query, where self, next and previous are all
      // judged: page 3 (whose previous is page 2, not the first page: a "back to start" link
      // shows in the minimal pass), when discovery saw more than 10 games playable with a MUD
      // client (so page 3 of 5 exists), and page 2 (whose previous is page 1, which a link must
      // name too; walks judge it as well, walk-pages.ts).
      // Then the same with a parameter sent empty (`q=`, no filter): it is a parameter of the
      // request all the same (a link helper dropping empty values loses it).
      // Then a `q` of characters of two, three and four UTF-8 bytes (`café 日🐉`, percent-encoded
      // as UTF-8), page 1: `self` keeps the same text, read back as UTF-8 (D40: which characters
      // are escaped, and in which case, is free). A server decoding the query as Latin-1
      // (`unescape()`) or writing the link's escapes in another encoding names other text.
      {
        examples: [
          ...(ctx.discovery.mudClientGameIds.length > 10 ? [3, 2] : [2]).map((page) => [
            { sort: 'newest', connectionType: 'mud_client', page, perPage: 5 },
          ]),
          [{ q: '', sort: 'newest', connectionType: 'mud_client', page: 2, perPage: 5 }],
          [{ q: 'café 日🐉', sort: 'newest', page: 1, perPage: 5 }],
        ],
      },
    );
    judgeObservedLinks(ctx, 'listGames', { query: true, presence: false }, observedGets(ctx, /^\/games$/));
  },
});
