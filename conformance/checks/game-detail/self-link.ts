import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { dataOf, expectThat, expectSelfLink, isAbsoluteUri } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';

/**
 * A third of the cases: the detail asked twice with another authority in its Host header (the
 * same host name, another port: the deployment's own virtual host), then as usual. A server may
 * build its links from the Host it is sent, but the usual request's links are its own: a response
 * cache keyed by the path alone hands every client the links another one's Host made.
 */
async function expectLinksOwnRequest(ctx: CheckContext, id: number, self: string): Promise<void> {
  const base = new URL(ctx.client.baseUrl);
  const other = `${base.hostname}:${base.port === '9' ? '7' : '9'}`;
  for (let i = 0; i < 2; i += 1)
    await ctx.client.get(`/games/${id}`, { headers: { Host: other }, fresh: true });
  const again = await ctx.client.get(`/games/${id}`, { fresh: true });
  if (again.status !== 200) return;
  const selfAgain = dataOf<{ urls?: { self?: unknown } } | undefined>(again)?.urls?.self;
  const origin = (uri: unknown) => (isAbsoluteUri(uri) ? new URL(String(uri)).origin : String(uri));
  expectThat(
    again,
    origin(selfAgain) === origin(self),
    `urls.self names the authority another request sent (Host: ${other}, twice just before)`,
    `a URI under ${origin(self)}, as before`,
    String(selfAgain),
  );
}

export const selfLink = defineCheck({
  id: 'GAME-DETAIL-SELF-LINK',
  area: 'game-detail',
  source: '§2 urls table, self',
  level: 'must',
  title: "A game's urls.self is an absolute URI of that game in the API",
  covers: ['S2.URLS.SELF'],
  async run(ctx) {
    await ctx.property(
      [knownGameId(ctx, { includeArchived: true }), fc.integer({ min: 0, max: 2 })],
      async (id, third) => {
        const { response, game } = await fetchGame(ctx, id);
        const self = game.urls.self;
        expectThat(
          response,
          isAbsoluteUri(self),
          'urls.self is not an absolute URI',
          'an absolute URI',
          String(self),
        );
        await expectSelfLink(ctx, response, self, 'games', id);
        if (third === 0) await expectLinksOwnRequest(ctx, id, self);
      },
      // The first case without the other Host's requests (one request, or none).
      { examples: ctx.discovery.games.slice(0, 1).map((game) => [game.id, 1] as [number, number]) },
    );
  },
});
