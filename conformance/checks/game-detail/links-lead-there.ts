import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectSchema, expectStatus, expectThat } from '../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectGame } from '../harness/fetch-game.ts';

/** Reviews read through a game's urls.reviews: one page of the largest size is enough to see whose they are. */
const REVIEWS_PER_PAGE = 50;

/**
 * A parameter no operation defines, as a feed, a tracker or a cache-buster adds to a detail's URL
 * (D64: ignored): the links of a detail asked with it must lead where they lead without it (a
 * link built from the request's URL puts the sub-path after the query: `…/games/5?ref=feed/mssp`).
 */
const TRACKING: QueryPairs[] = [[['ref', 'feed']], [['utm_source', 'conformance']], [['_', '1']]];

/**
 * §2: a game's detail carries "mssp, players, reviews links" (urls table; required in detail):
 * links a client follows instead of building URLs. Each must work and be about that game — the
 * MSSP and player history answer 200 with meta.game_id the game's id, and the reviews it links
 * to are that game's reviews (every one names the game); the MSSP and history answers are each
 * their own kind (a link to the sibling resource answers with its schema). The links are followed as given (same
 * origin; another origin is only named, as for urls.self). Some cases ask the detail with a
 * parameter no operation defines (a tracker's): its links lead to the same resources.
 */
export const linksLeadThere = defineCheck({
  id: 'GAME-DETAIL-LINKS-LEAD-THERE',
  area: 'game-detail',
  source: '§2 urls table (mssp, players, reviews: "required in detail"); §2 game detail',
  level: 'must',
  title: "A game's mssp, players and reviews links lead to that game's resources",
  covers: ['S2.URLS.MSSP', 'S2.URLS.PLAYERS', 'S2.URLS.REVIEWS'],
  async run(ctx) {
    const origin = new URL(ctx.client.baseUrl).origin;
    await ctx.property(
      [knownGameId(ctx), fc.option(fc.constantFrom(...TRACKING), { freq: 3, nil: undefined })],
      async (id, tracking) => {
        const response = await ctx.client.get(
          `/games/${id}`,
          tracking === undefined ? {} : { query: tracking },
        );
        // A refusal of the parameter is PROTOCOL-UNDEFINED-PARAMETER-IGNORED's to judge.
        if (tracking !== undefined && response.status !== 200) return;
        const game = expectGame(ctx, response);
        const urls = game.urls as { mssp?: unknown; players?: unknown; reviews?: unknown };
        const follow = async (
          name: 'mssp' | 'players' | 'reviews',
          perPage?: number,
        ): Promise<ApiResponse | undefined> => {
          const link = urls[name];
          expectThat(
            response,
            typeof link === 'string',
            `urls.${name} is missing from the detail`,
            'a URI',
            String(link),
          );
          const url = new URL(link as string);
          if (url.origin !== origin) return undefined; // another origin: not followed with the key
          if (perPage !== undefined) url.searchParams.set('per_page', String(perPage));
          const followed = await ctx.client.getAbsolute(url.toString());
          expectStatus(followed, 200, `GET ${link} (urls.${name} of game ${id})`);
          return followed;
        };
        for (const name of ['mssp', 'players'] as const) {
          const followed = await follow(name);
          if (followed === undefined) continue;
          // The answer of the resource the link names, not of a sibling of the same game (both
          // carry meta.game_id: a players link copied from the mssp row passes that alone).
          const schema = name === 'mssp' ? 'MsspResponse' : 'PlayerHistoryResponse';
          expectSchema(ctx, followed, ctx.spec.componentSchema(schema), followed.body, schema);
          const meta = (followed.body as { meta?: { game_id?: unknown } } | undefined)?.meta;
          const what = name === 'mssp' ? 'MSSP snapshot' : 'player history';
          const via =
            tracking === undefined
              ? ''
              : ` (its detail asked with ?${tracking.map(([k, v]) => `${k}=${String(v)}`).join('&')})`;
          expectThat(
            followed,
            meta?.game_id === id,
            meta?.game_id === undefined
              ? `urls.${name} of game ${id}${via} does not lead to its ${what}: ${followed.url}`
              : `urls.${name} of game ${id}${via} leads to another game's ${what}`,
            `meta.game_id ${id}`,
            `meta.game_id ${JSON.stringify(meta?.game_id)}`,
          );
        }
        const reviews = await follow('reviews', REVIEWS_PER_PAGE);
        if (reviews === undefined) return;
        const data = (reviews.body as { data?: Array<{ id?: unknown; game?: { id?: unknown } }> } | undefined)
          ?.data;
        expectThat(
          reviews,
          Array.isArray(data),
          `urls.reviews of game ${id} is not a review collection`,
          '{data: [review summaries]}',
          'no data array',
        );
        const other = data!.find((review) => review.game?.id !== id);
        expectThat(
          reviews,
          other === undefined,
          `urls.reviews of game ${id} lists a review of another game`,
          `only reviews whose game.id is ${id}`,
          `review ${JSON.stringify(other?.id)} of game ${JSON.stringify(other?.game?.id)}`,
        );
      },
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        // First the game whose MSSP and history discovery read: links that lead there reuse those
        // answers; then its detail asked with a tracker's parameter (links that lead to the same
        // resources reuse them again: one request more).
        examples:
          ctx.discovery.gameWithMsspId === undefined
            ? []
            : [
                [ctx.discovery.gameWithMsspId, undefined],
                [ctx.discovery.gameWithMsspId, TRACKING[0]],
              ],
      },
    ); // four requests a case
  },
});
