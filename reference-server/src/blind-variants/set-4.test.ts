/**
 * Witnesses of blind variant set 4 (set-4.ts): for each variant, something a client observes on a
 * server with it on differs from the reference server; then, per variant, the sentences of the
 * description it leans on still hold on its answers.
 */
import { request as undiciRequest } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  active,
  archived,
  baseUrlOf,
  clockOf,
  crawledAllWeek,
  DAY,
  daysAgo,
  dataset,
  everyItem,
  itCataloguesVariants,
  itWitnessesEach,
  sendTimes,
  statisticsGame,
  TODAY,
  witnessKeys,
  witnessVariantServers,
  type Call,
  type Json,
  type Observe,
  type Reply,
} from '../blind-faults/testing/witness-harness.ts';
import { BLIND_VARIANTS_4, type BlindVariant4Name } from './set-4.ts';

const KEYS = witnessKeys('bv4');
const NO_GAME = 999_999_999;
/** An active game with statistics ready, crawled for 35 days at least and still crawled. */
const STATS = statisticsGame(35);
/** An active game crawled all through the last week, for 30 days at least. */
const CRAWLED = crawledAllWeek(30);
/** Every web-only game (archived ones included); the first active one with a stored MSSP snapshot. */
const WEB_ONLY = dataset.games.filter((game) => game.webOnly);
const WEB = WEB_ONLY.find((game) => game.archiveReason === null && game.msspCollectedAt !== null)!;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A body with its server's base URL taken out and its request id dropped, to compare two servers' answers. */
const valuesOf = (call: Call, body: Json): Json => {
  const values = JSON.parse(JSON.stringify(body).replaceAll(baseUrlOf(call), '{base}'));
  if (values !== null && typeof values === 'object') delete values.request_id;
  return values;
};

/** A link's query as sorted name=value pairs, decoded. */
const pairsOf = (link: string): string[] =>
  [...new URL(link).searchParams].map(([name, value]) => `${name}=${value}`).sort();

/** A link's path and query, relative to the base of `call`'s server. */
const relative = (call: Call, link: string): string => {
  expect(link.startsWith(`${baseUrlOf(call)}/`), link).toBe(true);
  return link.slice(baseUrlOf(call).length);
};

/** The envelope of an error answer: its status and code, its request id in the body (and header, once authenticated). */
function expectError(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body.error.code).toBe(code);
  expect(typeof reply.body.error.message).toBe('string');
  expect(typeof reply.body.request_id).toBe('string');
  if (status !== 401) expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
}

/** A request to the origin of `call`'s server (outside its base), answered with its body parsed. */
async function fromOrigin(call: Call, path: string, key = KEYS.high): Promise<Reply> {
  const response = await undiciRequest(`${new URL(baseUrlOf(call)).origin}${path}`, {
    headers: { authorization: `Bearer ${key.key}` },
  });
  const text = await response.body.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body, text };
}

/** The errors of every status the API answers with, each asked of a fresh-minute server (the 429 last). */
async function everyError(call: Call): Promise<Reply[]> {
  const replies = [
    await call('/tags', { key: null }),
    await call('/tags', { key: KEYS.revoked }),
    await call('/no-such-route'),
    await call(`/games/${NO_GAME}`),
    await call('/games', { method: 'POST' }),
    await call('/games?has_reviews=2'),
    await call(`/games/${STATS.id}/players?granularity=hourly`),
    await sendTimes(call, KEYS.low.per_minute + 1, KEYS.low),
  ];
  expect(replies.map((reply) => reply.status)).toEqual([401, 401, 404, 404, 405, 422, 422, 429]);
  return replies;
}

const WITNESSES: Record<BlindVariant4Name, Observe> = {
  'bv4-links-first-last': async (call) =>
    Object.keys((await call('/games?per_page=5&page=2')).body.links).sort(),

  'bv4-meta-total-pages': async (call) => (await call('/reviews?per_page=7')).body.meta,

  'bv4-leading-zeros-read-as-integers': async (call) => {
    expectError(await call('/games?page=0'), 422, 'invalid_filter');
    return [
      (await call('/games?page=02&per_page=05')).status,
      (await call(`/games/00${STATS.id}`)).status,
      (await call('/reviews?per_page=03')).body.meta.per_page,
    ];
  },

  'bv4-daily-stamped-at-last-sample': async (call) =>
    (await call(`/games/${CRAWLED.id}/players?from=${daysAgo(3)}`)).body.data.map(
      (sample: Json) => sample.recorded_at,
    ),

  'bv4-web-only-keeps-mssp-collected-at': async (call) => {
    const { status } = (await call(`/games/${WEB.id}`)).body.data;
    expect([status.web_only, status.latest_players]).toEqual([true, null]);
    return status.mssp_collected_at;
  },

  'bv4-statistics-resolution-auto': async (call) =>
    (await call(`/games/${STATS.id}/statistics`)).body.meta.resolution,

  'bv4-statistics-stat-interval-parameters': async (call) => {
    const { meta } = (await call(`/games/${STATS.id}/statistics?stat=rooms&interval=weekly`)).body;
    return [meta.metric, meta.resolution];
  },

  'bv4-activity-timezone-parameter-tz': async (call) =>
    (await call(`/games/${STATS.id}/activity-pattern?tz=Asia/Tokyo`)).body.meta.timezone,

  'bv4-error-details-always': async (call) => {
    const reply = await call('/no-such-route');
    expectError(reply, 404, 'route_not_found');
    return reply.body.error.details;
  },

  'bv4-error-doc-url': async (call) => {
    const reply = await call(`/games/${NO_GAME}`);
    expectError(reply, 404, 'game_not_found');
    return reply.body.error.doc_url;
  },

  'bv4-helmet-security-headers': async (call) => {
    const { headers } = await call('/tags');
    return [headers['strict-transport-security'], headers['x-content-type-options']];
  },

  'bv4-ietf-ratelimit-headers': async (call) => {
    const { headers } = await call('/tags');
    expect(headers['x-ratelimit-limit']).toBe(String(KEYS.high.per_minute));
    return [headers.ratelimit, headers['ratelimit-policy']];
  },

  'bv4-game-slug-member': async (call) => (await call(`/games/${STATS.id}`)).body.data.slug,

  'bv4-statistics-series-through-to': async (call) =>
    (await call(`/games/${STATS.id}/statistics?resolution=hourly&from=${TODAY}&to=${TODAY}`)).body.data
      .length,

  'bv4-base-under-longer-prefix': async (call) =>
    new URL((await call('/games?per_page=1')).body.links.self).pathname,

  'bv4-json-trailing-newline': async (call) => (await call('/tags')).text.slice(-1),
};

describe('blind variant set 4', () => {
  const start = witnessVariantServers(Object.values(KEYS));

  describe('catalogue', () => {
    itCataloguesVariants('bv4', [16, 16], BLIND_VARIANTS_4, WITNESSES, start);
  });

  describe('witnesses', () => {
    itWitnessesEach(BLIND_VARIANTS_4, WITNESSES, start);
  });

  describe('each variant keeps the rule it leans on', () => {
    /** The default server and a server with `variants` on. */
    const both = (...variants: BlindVariant4Name[]) => Promise.all([start([]), start(variants)]);

    /** Collections of both endpoints: a middle page, a first page, an empty one, one beyond the last. */
    const COLLECTIONS = [
      '/games?per_page=7&page=3&sort=newest',
      '/games?q=the&per_page=4',
      '/reviews?per_page=9&page=2',
      '/games?q=zzqqzzqq',
      '/games?per_page=50&page=99',
    ];

    it('bv4-links-first-last: absolute links with the parameters, to page 1 and the last page; the others unchanged', async () => {
      const [off, on] = await both('bv4-links-first-last');
      for (const path of COLLECTIONS) {
        const { body } = await on(path);
        const expected = (await off(path)).body;
        const { first, last, ...others } = body.links;
        expect(valuesOf(on, others), path).toEqual(valuesOf(off, expected.links));
        expect(valuesOf(on, body.meta)).toEqual(expected.meta);
        const lastPage = Math.max(1, Math.ceil(body.meta.total / body.meta.per_page));
        for (const [link, page] of [
          [first, 1],
          [last, lastPage],
        ] as const) {
          const withPage = pairsOf(body.links.self).filter((pair) => !pair.startsWith('page='));
          expect(pairsOf(link)).toEqual([...withPage, `page=${page}`].sort());
          const followed = await on(relative(on, link));
          expect(followed.status).toBe(200);
          expect(followed.body.meta.page).toBe(page);
          if (page === lastPage) expect(followed.body.links.next).toBeUndefined();
          if (page === 1) expect(followed.body.links.previous).toBeUndefined();
          if (body.meta.total > 0) expect(followed.body.data.length).toBeGreaterThan(0);
        }
      }
    });

    it('bv4-meta-total-pages: the pages walked by `next`, holding the total; the rest of meta unchanged', async () => {
      const [off, on] = await both('bv4-meta-total-pages');
      for (const path of COLLECTIONS) {
        const { meta } = (await on(path)).body;
        const { total_pages: pages, ...rest } = meta;
        expect(rest, path).toEqual((await off(path)).body.meta);
        expect(pages).toBe(Math.ceil(meta.total / meta.per_page));
      }
      let walked = 0;
      let items = 0;
      for (let next: string | undefined = '/games?per_page=37&page=1'; next !== undefined; walked++) {
        const { body } = await on(next);
        items += body.data.length;
        expect(body.meta.total_pages).toBe(8);
        next = body.links.next === undefined ? undefined : relative(on, body.links.next);
      }
      expect([walked, items]).toEqual([8, active.length]);
    });

    it('bv4-leading-zeros-read-as-integers: the integer spelled; links keep the values as sent; only zeros still refused', async () => {
      const [off, on] = await both('bv4-leading-zeros-read-as-integers');
      const review = dataset.reviews.find((r) => active.some((game) => game.id === r.gameId))!;
      for (const [padded, plain] of [
        ['/games?page=02&per_page=05', '/games?page=2&per_page=5'],
        [
          '/games?theme_tag_id[]=0153&theme_tag_id[]=154&has_reviews=01',
          '/games?theme_tag_id[]=153&theme_tag_id[]=154&has_reviews=1',
        ],
        [`/games/00${STATS.id}`, `/games/${STATS.id}`],
        [`/games/0${STATS.id}/players?from=${daysAgo(5)}`, `/games/${STATS.id}/players?from=${daysAgo(5)}`],
        [`/games/0${WEB.id}/mssp`, `/games/${WEB.id}/mssp`],
        [`/reviews?game_id=0${review.gameId}&per_page=003`, `/reviews?game_id=${review.gameId}&per_page=3`],
        [`/reviews/00${review.id}`, `/reviews/${review.id}`],
      ]) {
        const served = await on(padded!);
        const expected = await off(plain!);
        expect(served.status, padded).toBe(200);
        expect(valuesOf(on, served.body.data)).toEqual(valuesOf(off, expected.body.data));
        expect(served.body.meta).toEqual(expected.body.meta);
      }
      // §2: the links preserve the parameters of the request (as sent) and include `page`.
      const { links } = (await on('/games?per_page=05&page=02')).body;
      expect(pairsOf(links.self)).toEqual(['page=2', 'per_page=05']);
      expect(pairsOf(links.next)).toEqual(['page=3', 'per_page=05']);
      for (const path of [
        '/games?page=00',
        '/games?per_page=000',
        '/games?per_page=051',
        '/games?has_reviews=00',
      ])
        expectError(await on(path), 422, 'invalid_filter');
      expectError(await on('/games/00'), 404, 'game_not_found');
      expectError(await on('/games/007x'), 404, 'game_not_found');
    });

    it('bv4-daily-stamped-at-last-sample: one UTC timestamp inside each day, its last raw sample, the same averages', async () => {
      const [off, on] = await both('bv4-daily-stamped-at-last-sample');
      const path = `/games/${CRAWLED.id}/players?from=${daysAgo(9)}`;
      const served = (await on(path)).body;
      const expected = (await off(path)).body;
      expect(served.meta).toEqual(expected.meta);
      expect(served.data.length).toBeGreaterThan(5);
      const raw = (await on(`${path}&granularity=raw`)).body.data as Array<{ recorded_at: string }>;
      const lastOfDay = new Map(raw.map((sample) => [sample.recorded_at.slice(0, 10), sample.recorded_at]));
      served.data.forEach((sample: Json, i: number) => {
        const reference = expected.data[i];
        expect(sample.players).toBe(reference.players);
        expect(sample.recorded_at).toMatch(TIMESTAMP);
        expect(sample.recorded_at.slice(0, 10)).toBe(reference.recorded_at.slice(0, 10));
        expect(sample.recorded_at).toBe(lastOfDay.get(reference.recorded_at.slice(0, 10)));
        expect(Date.parse(sample.recorded_at)).toBeLessThanOrEqual(clockOf(on).now());
        if (i > 0) expect(sample.recorded_at > served.data[i - 1].recorded_at).toBe(true);
      });
      // Raw samples are left as they are.
      expect(raw).toEqual((await off(`${path}&granularity=raw`)).body.data);
    });

    it('bv4-web-only-keeps-mssp-collected-at: the snapshot GET …/mssp reports; §2 rules 1 and 2 otherwise kept', async () => {
      const [off, on] = await both('bv4-web-only-keeps-mssp-collected-at');
      for (const game of WEB_ONLY) {
        const served = (await on(`/games/${game.id}`)).body.data;
        const expected = (await off(`/games/${game.id}`)).body.data;
        const mssp = (await on(`/games/${game.id}/mssp`)).body;
        expect(served.status.mssp_collected_at).toBe(mssp.data === null ? null : mssp.data.collected_at);
        expect(served.status.latest_players).toBeNull();
        expect(served.connection).toEqual({ host: null, port: null, tls_port: null, mssp_port: null });
        expect(served.urls.play).toBe(game.archiveReason === null ? served.urls.website : null);
        expect(valuesOf(on, { ...served, status: { ...served.status, mssp_collected_at: null } })).toEqual(
          valuesOf(off, expected),
        );
      }
      const listed = await everyItem(on, '/games?connection_type=web_only');
      expect(listed.some((item) => item.status.mssp_collected_at !== null)).toBe(true);
    });

    it('bv4-statistics-resolution-auto: the finest resolution within 1,000 points, answered as when asked for; asked ones unchanged', async () => {
      const [off, on] = await both('bv4-statistics-resolution-auto');
      const base = `/games/${STATS.id}/statistics`;
      for (const [query, resolution] of [
        ['', 'hourly'],
        [`?from=${TODAY}&to=${TODAY}`, 'raw'],
        [`?from=${daysAgo(40)}`, 'hourly'],
        [`?from=${daysAgo(41)}`, 'daily'],
        [`?from=${daysAgo(1500)}&metric=rooms`, 'weekly'],
      ] as const) {
        const served = (await on(`${base}${query}`)).body;
        expect(served.meta.resolution, query).toBe(resolution);
        expect(served.data.length).toBeLessThanOrEqual(1000);
        const separator = query === '' ? '?' : '&';
        expect(served).toEqual((await off(`${base}${query}${separator}resolution=${resolution}`)).body);
      }
      for (const query of [
        '?resolution=daily',
        `?resolution=monthly&from=${daysAgo(400)}`,
        '?resolution=raw',
      ])
        expect(valuesOf(on, (await on(`${base}${query}`)).body)).toEqual(
          valuesOf(off, (await off(`${base}${query}`)).body),
        );
    });

    it('bv4-statistics-stat-interval-parameters: the same answers under `stat` and `interval`; refusals name them', async () => {
      const [off, on] = await both('bv4-statistics-stat-interval-parameters');
      const base = `/games/${STATS.id}/statistics`;
      expect((await on(`${base}?stat=rooms&interval=weekly&from=${daysAgo(200)}`)).body).toEqual(
        (await off(`${base}?metric=rooms&resolution=weekly&from=${daysAgo(200)}`)).body,
      );
      // The reference's names are parameters this server does not know: ignored.
      expect((await on(`${base}?metric=rooms&resolution=weekly`)).body).toEqual((await off(base)).body);
      for (const [query, parameter] of [
        ['?interval=minutely', 'interval'],
        ['?stat=karma', 'stat'],
      ] as const) {
        const reply = await on(`${base}${query}`);
        expectError(reply, 422, 'invalid_statistics_query');
        expect(reply.body.error.details.parameter).toBe(parameter);
        expect(reply.body.error.message).toContain(`'${parameter}'`);
      }
      expectError(await on(`${base}?interval=hourly&from=${daysAgo(60)}`), 422, 'invalid_statistics_query');
    });

    it('bv4-activity-timezone-parameter-tz: the same 168 cells under `tz`; a refusal names it', async () => {
      const [off, on] = await both('bv4-activity-timezone-parameter-tz');
      const base = `/games/${STATS.id}/activity-pattern`;
      const served = (await on(`${base}?tz=Asia/Tokyo&from=${daysAgo(20)}`)).body;
      expect(served).toEqual((await off(`${base}?timezone=Asia/Tokyo&from=${daysAgo(20)}`)).body);
      expect(served.data).toHaveLength(168);
      expect((await on(`${base}?timezone=Asia/Tokyo`)).body).toEqual((await off(base)).body);
      const refused = await on(`${base}?tz=Mars/Olympus`);
      expectError(refused, 422, 'invalid_statistics_query');
      expect(refused.body.error.details.parameter).toBe('tz');
      expectError(await on(`${base}?tz=UTC&from=${daysAgo(100)}`), 422, 'invalid_statistics_query');
    });

    it("bv4-error-details-always: every error's status, code and headers; details added where none were", async () => {
      const [off, on] = await both('bv4-error-details-always');
      const served = await everyError(on);
      const expected = await everyError(off);
      served.forEach((reply, i) => {
        const reference = expected[i]!;
        expectError(reply, reference.status, reference.body.error.code);
        expect(reply.body.error.message).toBe(reference.body.error.message);
        expect(reply.headers.allow).toBe(reference.headers.allow);
        expect(reply.headers['www-authenticate']).toBe(reference.headers['www-authenticate']);
        const { details } = reply.body.error;
        expect(typeof details).toBe('object');
        if (reference.body.error.details !== undefined) expect(details).toEqual(reference.body.error.details);
        else expect(details.method).toBeTypeOf('string');
      });
      expect(served[4]!.body.error.details).toEqual({
        method: 'POST',
        path: '/api/v1/games',
        allowed: ['GET'],
      });
      expect(served[7]!.body.error.details.retry_after).toBe(Number(served[7]!.headers['retry-after']));
    });

    it('bv4-error-doc-url: code, message and details unchanged on every error; the page of its code', async () => {
      const [off, on] = await both('bv4-error-doc-url');
      const served = await everyError(on);
      const expected = await everyError(off);
      served.forEach((reply, i) => {
        const { doc_url: docUrl, ...error } = reply.body.error;
        expect(error).toEqual(expected[i]!.body.error);
        const url = new URL(docUrl);
        expect([url.protocol, url.hash]).toEqual(['https:', `#${error.code}`]);
      });
    });

    it('bv4-helmet-security-headers: on every status; cross-origin access still not enabled; bodies unchanged', async () => {
      const [off, on] = await both('bv4-helmet-security-headers');
      for (const reply of [
        await on('/tags', { headers: { origin: 'https://evil.example' } }),
        ...(await everyError(on)),
      ]) {
        expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(reply.headers['x-content-type-options']).toBe('nosniff');
        expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(reply.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect((await on('/tags')).body).toEqual((await off('/tags')).body);
    });

    it('bv4-ietf-ratelimit-headers: the binding budget as X-RateLimit-* report it; none on 401', async () => {
      const [off, on] = await both('bv4-ietf-ratelimit-headers');
      for (let i = 0; i < KEYS.low.per_minute + 1; i++) {
        const served = await on('/tags', { key: KEYS.low });
        const expected = await off('/tags', { key: KEYS.low });
        expect(served.status).toBe(expected.status);
        for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'])
          expect(served.headers[name], name).toBe(expected.headers[name]);
        const reset = Number(served.headers['x-ratelimit-reset']) - Math.floor(clockOf(on).now() / 1000);
        expect(served.headers.ratelimit).toBe(
          `limit=${KEYS.low.per_minute}, remaining=${String(served.headers['x-ratelimit-remaining'])}, reset=${reset}`,
        );
        expect(served.headers['ratelimit-policy']).toBe(
          `${KEYS.low.per_minute};w=60, ${KEYS.low.per_day};w=86400`,
        );
      }
      const refused = await on('/tags', { key: null });
      expect(refused.status).toBe(401);
      expect([refused.headers.ratelimit, refused.headers['x-ratelimit-limit']]).toEqual([
        undefined,
        undefined,
      ]);
    });

    it('bv4-game-slug-member: every summary and detail, the name of its listing page; all else unchanged', async () => {
      const [off, on] = await both('bv4-game-slug-member');
      const served = await everyItem(on, '/games?sort=oldest');
      const expected = await everyItem(off, '/games?sort=oldest');
      served.forEach((item, i) => {
        const { slug, ...rest } = item;
        expect(slug).toBe(decodeURIComponent(item.urls.mudverse.split('/').at(-1)));
        expect(valuesOf(on, rest)).toEqual(valuesOf(off, expected[i]));
      });
      for (const game of [STATS, archived[0]!]) {
        const { slug, ...rest } = (await on(`/games/${game.id}`)).body.data;
        expect(slug).toBe(game.slug);
        expect(valuesOf(on, rest)).toEqual(valuesOf(off, (await off(`/games/${game.id}`)).body.data));
      }
    });

    it('bv4-statistics-series-through-to: the points so far unchanged, then every bucket to `to` without values', async () => {
      const [off, on] = await both('bv4-statistics-series-through-to');
      const base = `/games/${STATS.id}/statistics`;
      const tomorrow = new Date((Math.floor(clockOf(on).now() / 1000) + DAY) * 1000)
        .toISOString()
        .slice(0, 10);
      for (const [query, step, count] of [
        [`?resolution=hourly&from=${TODAY}&to=${TODAY}`, 3600, 24],
        [`?resolution=daily&from=${daysAgo(5)}&to=${tomorrow}`, DAY, 7],
        [`?resolution=raw&from=${TODAY}&to=${TODAY}`, 1800, 48],
      ] as const) {
        const served = (await on(`${base}${query}`)).body;
        const expected = (await off(`${base}${query}`)).body;
        expect(served.meta).toEqual(expected.meta);
        expect(served.data).toHaveLength(count);
        expect(served.data.slice(0, expected.data.length)).toEqual(expected.data);
        for (const point of served.data.slice(expected.data.length))
          expect([point.count, point.average, point.min, point.max]).toEqual([0, null, null, null]);
        served.data.forEach((point: Json, i: number) => {
          if (i > 0) expect(point.date - served.data[i - 1].date).toBe(step);
        });
      }
      expectError(await on(`${base}?resolution=hourly&from=${daysAgo(60)}`), 422, 'invalid_statistics_query');
    });

    it('bv4-base-under-longer-prefix: every endpoint under the base given; links under it; the legacy endpoint gone everywhere', async () => {
      const call = await start(['bv4-base-under-longer-prefix']);
      expect(new URL(baseUrlOf(call)).pathname).toBe('/mudverse/api/v1');
      const review = dataset.reviews[0]!;
      for (const path of [
        '/games?per_page=3',
        `/games/${STATS.id}`,
        `/games/${STATS.id}/mssp`,
        `/games/${STATS.id}/players`,
        `/games/${STATS.id}/statistics`,
        `/games/${STATS.id}/activity-pattern`,
        '/reviews?per_page=3',
        `/reviews/${review.id}`,
        '/tags',
      ])
        expect((await call(path)).status, path).toBe(200);
      const { body } = await call('/games?per_page=3');
      for (const link of [
        body.links.self,
        body.links.next,
        body.data[0].urls.self,
        body.data[0].urls.reviews,
      ])
        relative(call, link);
      expectError(await call('/games', { key: null }), 401, 'authentication_required');
      expectError(await call('/no-such-route'), 404, 'route_not_found');
      for (const path of ['/json.php', '/mudverse/json.php', '/mudverse/api/v1/json.php'])
        expect((await fromOrigin(call, path)).status, path).toBe(410);
      // Outside the base, /api/v1 is no API route.
      expect((await fromOrigin(call, '/api/v1/games')).status).toBe(404);
    });

    it('bv4-json-trailing-newline: the same JSON values on every status, Content-Length counting the newline', async () => {
      const [off, on] = await both('bv4-json-trailing-newline');
      const served = [
        await on('/games?per_page=3'),
        await on(`/games/${STATS.id}`),
        ...(await everyError(on)),
      ];
      const expected = [
        await off('/games?per_page=3'),
        await off(`/games/${STATS.id}`),
        ...(await everyError(off)),
      ];
      served.forEach((reply, i) => {
        expect(reply.text.endsWith('}\n')).toBe(true);
        expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.text));
        expect(valuesOf(on, reply.body)).toEqual(valuesOf(off, expected[i]!.body));
        expect(reply.headers['content-type']).toBe(expected[i]!.headers['content-type']);
      });
    });
  });

  it('the test dataset has what the witnesses need', () => {
    expect(WEB).toBeDefined();
    expect(CRAWLED.id).toBeGreaterThan(0);
    expect(WEB_ONLY.length).toBeGreaterThan(1);
  });
});
