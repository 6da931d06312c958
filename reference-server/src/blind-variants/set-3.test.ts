/**
 * Witnesses of blind variant set 3 (set-3.ts): for each variant, something a client observes on a
 * server with it on differs from the reference server; then, per variant, the sentences of the
 * description it leans on still hold on its answers.
 */
import { describe, expect, it } from 'vitest';
import {
  active,
  archived,
  baseUrlOf,
  dataset,
  everyItem,
  ids,
  itCataloguesVariants,
  itWitnessesEach,
  reviewsOf,
  statisticsGame,
  witnessKeys,
  witnessVariantServers,
  type Call,
  type Json,
  type Observe,
  type Reply,
} from '../blind-faults/testing/witness-harness.ts';
import { BLIND_VARIANTS_3, type BlindVariant3Name } from './set-3.ts';

const KEYS = witnessKeys('bv3');
const NO_GAME = 999_999_999;
const CHALLENGE = 'Bearer realm="Mudverse API"';
/** A game with several ratings whose mean is not a two-decimal number. */
const RATED = active.find((game) => {
  const ratings = reviewsOf(game.id).flatMap((review) => (review.rating === null ? [] : [review.rating]));
  const mean = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
  return ratings.length > 2 && Math.round(mean * 100) / 100 !== mean;
})!;
/** An active game without monthly votes. */
const UNVOTED = active.find((game) => game.monthlyVotes === 0)!;

/** A body with its server's base URL taken out, to compare two servers' answers. */
const valuesOf = (call: Call, body: Json): Json =>
  JSON.parse(JSON.stringify(body).replaceAll(baseUrlOf(call), '{base}'));

/** A link's query as sorted name=value pairs, decoded. */
const pairsOf = (link: string): string[] =>
  [...new URL(link).searchParams].map(([name, value]) => `${name}=${value}`).sort();

/** The envelope of an error answer: its status and code, its request id in the body (and header, once authenticated). */
function expectError(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body.error.code).toBe(code);
  expect(typeof reply.body.error.message).toBe('string');
  expect(typeof reply.body.request_id).toBe('string');
  // §7: X-Request-ID once authenticated (not on 401), then the body's id.
  if (status !== 401) expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
}

const WITNESSES: Record<BlindVariant3Name, Observe> = {
  'bv3-unknown-path-404-any-method': async (call) => {
    // §4: the endpoints answer any other method 405 with `Allow: GET`, on both servers.
    const known = await call('/games', { method: 'POST' });
    expectError(known, 405, 'method_not_allowed');
    expect(known.headers.allow).toBe('GET');
    return (await call('/no-such-route', { method: 'POST' })).status;
  },

  'bv3-trailing-slash-route-not-found': async (call) => {
    expect((await call('/games/1')).status).toBe(200);
    return (await call('/games/1/')).status;
  },

  'bv3-non-numeric-id-route-not-found': async (call) => {
    expectError(await call(`/games/${NO_GAME}`), 404, 'game_not_found');
    const reply = await call('/games/abc');
    expect(reply.status).toBe(404);
    return reply.body.error.code;
  },

  'bv3-query-checked-before-game': async (call) => {
    expectError(await call(`/games/${NO_GAME}/players`), 404, 'game_not_found');
    return (await call(`/games/${NO_GAME}/players?granularity=hourly`)).status;
  },

  'bv3-cache-control-no-store': async (call) => (await call('/tags')).headers['cache-control'],

  'bv3-bearer-challenge-error-attribute': async (call) => {
    const missing = await call('/tags', { key: null });
    expectError(missing, 401, 'authentication_required');
    expect(missing.headers['www-authenticate']).toBe(CHALLENGE);
    const refused = await call('/tags', { key: KEYS.revoked });
    expect(refused.status).toBe(401);
    return refused.headers['www-authenticate'];
  },

  'bv3-repeated-parameters-last-wins': async (call) => {
    const reply = await call('/games?sort=newest&sort=oldest&per_page=5');
    return [reply.status, reply.status === 200 ? ids(reply) : reply.body.error.code];
  },

  'bv3-games-unknown-parameter-422': async (call) => {
    const reply = await call('/games?has_review=1&per_page=5');
    return [reply.status, reply.body.error?.code];
  },

  'bv3-reviews-invalid-parameters-ignored': async (call) => {
    const wide = await call('/reviews?per_page=51');
    const anyGame = await call('/reviews?game_id=abc&per_page=1');
    expect([wide.status, anyGame.status]).toEqual([200, 200]);
    return [wide.body.meta.per_page, anyGame.body.meta.total];
  },

  'bv3-links-parameters-sorted': async (call) => {
    const reply = await call('/games?sort=newest&per_page=2&q=the%20dark');
    return reply.body.links.self.replace(baseUrlOf(call), '');
  },

  'bv3-summary-without-optional-members': async (call) => {
    const [item] = (await call('/games?per_page=1')).body.data;
    return [Object.keys(item.urls), Object.keys(item.connection)];
  },

  'bv3-category-keys-from-group-names': async (call) =>
    Object.keys((await call(`/games/${RATED.id}`)).body.data.tags.categories),

  'bv3-average-rating-unrounded': async (call) =>
    (await call(`/games/${RATED.id}`)).body.data.reviews.average_rating,

  'bv3-newest-by-created': async (call) => ids(await call('/games?sort=newest&per_page=50')),

  'bv3-sort-ties-by-name': async (call) => {
    const reply = await call('/games?sort=top_voted&per_page=50&page=5');
    const votes: number[] = reply.body.data.map((game: Json) => game.ranking.monthly_votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    return ids(reply);
  },

  'bv3-unvoted-games-ranked': async (call) => (await call(`/games/${UNVOTED.id}`)).body.data.ranking.rank,
};

describe('blind variant set 3', () => {
  const start = witnessVariantServers(Object.values(KEYS));

  describe('catalogue', () => {
    itCataloguesVariants('bv3', [12, 16], BLIND_VARIANTS_3, WITNESSES, start);
  });

  describe('witnesses', () => {
    itWitnessesEach(BLIND_VARIANTS_3, WITNESSES, start);
  });

  describe('each variant keeps the rule it leans on', () => {
    /** The default server and a server with `variants` on. */
    const both = (...variants: BlindVariant3Name[]) => Promise.all([start([]), start(variants)]);

    it('bv3-unknown-path-404-any-method: 405 with Allow on every endpoint, 404 with the counted headers elsewhere', async () => {
      const call = await start(['bv3-unknown-path-404-any-method']);
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        for (const path of ['/games', `/games/${RATED.id}/players`, '/reviews', '/tags']) {
          const reply = await call(path, { method });
          expectError(reply, 405, 'method_not_allowed');
          expect(reply.headers.allow).toBe('GET');
        }
        const unknown = await call('/no-such-route', { method });
        expectError(unknown, 404, 'route_not_found');
        expect(unknown.headers['x-ratelimit-limit']).toBeDefined();
        expect(unknown.headers.allow).toBeUndefined();
      }
      // Authentication first (§5.3), whatever the path.
      expectError(
        await call('/no-such-route', { method: 'POST', key: null }),
        401,
        'authentication_required',
      );
    });

    it('bv3-trailing-slash-route-not-found, bv3-non-numeric-id-route-not-found: 404 envelopes; the endpoints as written still answer', async () => {
      const call = await start(['bv3-trailing-slash-route-not-found', 'bv3-non-numeric-id-route-not-found']);
      for (const path of [
        '/games/',
        '/tags/',
        `/games/${RATED.id}/`,
        '/games/abc',
        '/games/1x/mssp',
        '/reviews/abc',
      ])
        expectError(await call(path), 404, 'route_not_found');
      for (const path of [
        '/games',
        '/tags',
        `/games/${RATED.id}`,
        `/games/${RATED.id}/mssp`,
        `/reviews/${dataset.reviews[0]!.id}`,
      ])
        expect((await call(path)).status, path).toBe(200);
      expectError(await call('/games/0'), 404, 'game_not_found');
      expectError(await call(`/games/${NO_GAME}/mssp`), 404, 'game_not_found');
    });

    it("bv3-query-checked-before-game: the endpoint's own 422 codes; valid queries for no game are 404", async () => {
      const [off, on] = await both('bv3-query-checked-before-game');
      const cases = [
        [`/games/${NO_GAME}/players?granularity=hourly`, 'invalid_date_range'],
        [`/games/${NO_GAME}/players?from=2026-02-30`, 'invalid_date_range'],
        [`/games/${NO_GAME}/statistics?from=not-a-date`, 'invalid_statistics_query'],
        [`/games/${NO_GAME}/activity-pattern?from=2020-01-01`, 'invalid_statistics_query'],
      ] as const;
      for (const [path, code] of cases) {
        expectError(await on(path), 422, code);
        expectError(await off(path), 404, 'game_not_found');
        // The same refusal as for a game that exists.
        const known = await off(path.replace(String(NO_GAME), String(statisticsGame(35).id)));
        expect(known.status).toBe(422);
        expect((await on(path)).body.error.details).toEqual(known.body.error.details);
      }
      for (const path of [
        `/games/${NO_GAME}/players`,
        `/games/${NO_GAME}/statistics`,
        `/games/${NO_GAME}/mssp`,
      ])
        expectError(await on(path), 404, 'game_not_found');
    });

    it('bv3-cache-control-no-store: on every status the API answers', async () => {
      const call = await start(['bv3-cache-control-no-store']);
      const replies = [
        await call('/tags'),
        await call('/tags', { key: null }),
        await call('/no-such-route'),
        await call('/tags', { method: 'POST' }),
        await call('/games?has_reviews=2'),
      ];
      expect(replies.map((reply) => reply.status)).toEqual([200, 401, 404, 405, 422]);
      for (const reply of replies) expect(reply.headers['cache-control']).toBe('no-store');
    });

    it('bv3-bearer-challenge-error-attribute: the Bearer challenge with its realm first, on every refused key', async () => {
      const call = await start(['bv3-bearer-challenge-error-attribute']);
      for (const options of [
        { key: KEYS.revoked },
        { authorization: 'Bearer not-a-key' },
        { authorization: 'Basic dXNlcjpwYXNz' },
      ]) {
        const reply = await call('/tags', options);
        expectError(reply, 401, 'invalid_api_key');
        expect(reply.headers['www-authenticate']).toBe(`${CHALLENGE}, error="invalid_token"`);
        expect(reply.headers['x-ratelimit-limit']).toBeUndefined();
      }
    });

    it('bv3-repeated-parameters-last-wins: a repeated value reads as its last one alone; tag ids still collect', async () => {
      const [off, on] = await both('bv3-repeated-parameters-last-wins');
      const pairs = [
        ['/games?sort=newest&sort=oldest&per_page=7', '/games?sort=oldest&per_page=7'],
        ['/reviews?per_page=3&per_page=4', '/reviews?per_page=4'],
        [`/games/${RATED.id}/players?granularity=raw&granularity=daily`, `/games/${RATED.id}/players`],
      ] as const;
      for (const [repeated, once] of pairs)
        expect(valuesOf(on, (await on(repeated)).body.data)).toEqual(
          valuesOf(off, (await off(once)).body.data),
        );
      const tags = '/games?theme_tag_id[]=153&theme_tag_id[]=154&per_page=1';
      expect((await on(tags)).body.meta.total).toBe((await off(tags)).body.meta.total);
      expect((await on(tags)).body.meta.total).toBeGreaterThan(
        (await off('/games?theme_tag_id[]=154&per_page=1')).body.meta.total,
      );
    });

    it('bv3-games-unknown-parameter-422: every parameter of the table is accepted; the refusal names the parameter', async () => {
      const [off, on] = await both('bv3-games-unknown-parameter-422');
      const all =
        '/games?q=the&sort=newest&connection_type=mud_client&page=1&per_page=5&has_reviews=1&recently_updated=1' +
        '&online_recently=1&game_size_tag_id[]=107&rp_status_tag_id=117&codebase_tag_id[]=119&playcount_tag_id[]=137' +
        '&location_tag_id[]=142&theme_tag_id[]=153&type_tag_id[]=170&language_tag_id[]=178&player_killing_tag_id[]=190';
      const served = await on(all);
      expect(served.status).toBe(200);
      expect(served.body.meta).toEqual((await off(all)).body.meta);
      const refused = await on('/games?has_review=1');
      expectError(refused, 422, 'invalid_filter');
      expect(refused.body.error.details).toEqual({ parameter: 'has_review' });
      expect(refused.headers['x-ratelimit-limit']).toBeDefined();
    });

    it('bv3-reviews-invalid-parameters-ignored: valid values as the reference reads them, invalid ones as absent', async () => {
      const [off, on] = await both('bv3-reviews-invalid-parameters-ignored');
      for (const path of [
        '/reviews?page=2&per_page=7',
        `/reviews?game_id=${RATED.id}&per_page=3`,
        '/reviews',
      ]) {
        const { body } = await on(path);
        const { body: expected } = await off(path);
        expect(body.meta).toEqual(expected.meta);
        expect(valuesOf(on, body.data)).toEqual(valuesOf(off, expected.data));
      }
      const all = (await off('/reviews?per_page=1')).body.meta.total;
      for (const [path, perPage, total] of [
        ['/reviews?per_page=51', 20, all],
        ['/reviews?per_page=0', 20, all],
        ['/reviews?page=0&per_page=x', 20, all],
        ['/reviews?game_id=abc', 20, all],
        ['/reviews?game_id=0&per_page=50', 50, all],
      ] as const) {
        const reply = await on(path);
        expect(reply.status, path).toBe(200);
        expect([reply.body.meta.page, reply.body.meta.per_page, reply.body.meta.total], path).toEqual([
          1,
          perPage,
          total,
        ]);
      }
    });

    it('bv3-links-parameters-sorted: the same absolute links, parameters and page, in another order', async () => {
      const [off, on] = await both('bv3-links-parameters-sorted');
      for (const path of [
        '/games?sort=newest&per_page=2&q=the%20of&page=2',
        '/games?theme_tag_id[]=154&theme_tag_id[]=153&per_page=3&page=2',
        '/reviews?per_page=5&page=3',
      ]) {
        const links = (await on(path)).body.links;
        const expected = (await off(path)).body.links;
        expect(Object.keys(links).sort()).toEqual(Object.keys(expected).sort());
        for (const name of Object.keys(expected)) {
          expect(links[name].startsWith(`${baseUrlOf(on)}/`)).toBe(true);
          expect(pairsOf(links[name])).toEqual(pairsOf(expected[name]));
          const names = [...new URL(links[name]).searchParams.keys()];
          expect(names).toEqual([...names].sort());
        }
        // The link followed gives the reference server's page.
        const next = (await on(links.next.replace(baseUrlOf(on), ''))).body.data.map((item: Json) => item.id);
        expect(next).toEqual(
          (await off(expected.next.replace(baseUrlOf(off), ''))).body.data.map((item: Json) => item.id),
        );
      }
    });

    it('bv3-summary-without-optional-members: the required members unchanged; the detail keeps the optional ones', async () => {
      const [off, on] = await both('bv3-summary-without-optional-members');
      const served = (await on('/games?per_page=50')).body.data;
      const expected = valuesOf(off, (await off('/games?per_page=50')).body.data);
      for (const item of expected) {
        delete item.urls.mssp;
        delete item.urls.players;
        delete item.urls.reviews;
        delete item.connection.mssp_port;
      }
      expect(valuesOf(on, served)).toEqual(expected);
      const detail = (await on(`/games/${RATED.id}`)).body.data;
      expect(detail.urls.mssp).toBe(`${baseUrlOf(on)}/games/${RATED.id}/mssp`);
      expect('mssp_port' in detail.connection).toBe(true);
    });

    it('bv3-category-keys-from-group-names: the same TagReferences, keyed by the group names of GET /tags', async () => {
      const [off, on] = await both('bv3-category-keys-from-group-names');
      const groupOf = new Map<number, string>();
      for (const group of (await on('/tags')).body.data)
        for (const tag of group.values) groupOf.set(tag.id, group.name.toLowerCase().replace(/ /g, '_'));
      const served = await everyItem(on, '/games?sort=oldest');
      const expected = await everyItem(off, '/games?sort=oldest');
      served.forEach((item, i) => {
        const categories = Object.entries(item.tags.categories as Record<string, { id: number }>);
        expect(categories.map(([, tag]) => tag)).toEqual(Object.values(expected[i].tags.categories));
        for (const [key, tag] of categories) expect(key).toBe(groupOf.get(tag.id));
      });
    });

    it("bv3-average-rating-unrounded: the mean of the game's listed ratings, which the reference rounds", async () => {
      const [off, on] = await both('bv3-average-rating-unrounded');
      const ratings = (await everyItem(on, `/reviews?game_id=${RATED.id}`)).flatMap((review) =>
        review.rating === null ? [] : [review.rating],
      );
      const average = (await on(`/games/${RATED.id}`)).body.data.reviews;
      expect(average.rating_count).toBe(ratings.length);
      expect(average.average_rating).toBeCloseTo(ratings.reduce((sum, r) => sum + r, 0) / ratings.length, 12);
      const rounded = (await off(`/games/${RATED.id}`)).body.data.reviews.average_rating;
      expect(Math.round(average.average_rating * 100) / 100).toBe(rounded);
      for (const item of await everyItem(on, '/games?has_reviews=1'))
        if (item.reviews.rating_count === 0) expect(item.reviews.average_rating).toBeNull();
    });

    it('bv3-newest-by-created: newest and oldest walk `dates.created`, the same games as the reference', async () => {
      const [off, on] = await both('bv3-newest-by-created');
      const newest = await everyItem(on, '/games?sort=newest');
      const created = newest.map((item) => item.dates.created as string);
      expect(created).toEqual([...created].sort().reverse());
      const oldest = (await everyItem(on, '/games?sort=oldest')).map((item) => item.dates.created as string);
      expect(oldest).toEqual([...oldest].sort());
      const reference = await everyItem(off, '/games?sort=newest');
      expect(newest.map((item) => item.id).sort((a, b) => a - b)).toEqual(
        reference.map((item) => item.id).sort((a, b) => a - b),
      );
    });

    it('bv3-sort-ties-by-name, bv3-unvoted-games-ranked: top_voted by votes, then name; ranks 1… along it; archived unranked', async () => {
      const call = await start(['bv3-sort-ties-by-name', 'bv3-unvoted-games-ranked']);
      const games = await everyItem(call, '/games?sort=top_voted');
      expect(games).toHaveLength(active.length);
      games.forEach((game, i) => {
        expect(game.ranking.rank).toBe(i + 1);
        const before = games[i - 1];
        if (before === undefined) return;
        expect(before.ranking.monthly_votes).toBeGreaterThanOrEqual(game.ranking.monthly_votes);
        if (before.ranking.monthly_votes === game.ranking.monthly_votes)
          expect(before.name <= game.name).toBe(true);
      });
      for (const game of archived.slice(0, 3)) {
        const { body } = await call(`/games/${game.id}`);
        expect(body.data.status.archived).toBe(true);
        expect(body.data.ranking.rank).toBeNull();
      }
      // Ties by name in the other sorts too.
      const reviewed = await everyItem(call, '/games?sort=most_reviewed');
      reviewed.forEach((game, i) => {
        const before = reviewed[i - 1];
        if (before !== undefined && before.reviews.count === game.reviews.count)
          expect(before.name <= game.name).toBe(true);
      });
    });
  });

  it('the test dataset has what the witnesses need', () => {
    expect(RATED).toBeDefined();
    expect(UNVOTED).toBeDefined();
    expect(dataset.taxonomy.groups.length).toBeGreaterThan(0);
  });
});
