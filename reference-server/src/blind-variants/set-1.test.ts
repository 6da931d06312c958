/**
 * Blind variant set 1 (set-1.ts): each variant is live (its witness sees something else than on the
 * default server), and its answer still keeps the rule the variant leans on (the same values as the
 * default server's, read the way the variant writes them).
 */
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  baseUrlOf,
  clockOf,
  itCataloguesVariants,
  itWitnessesEach,
  readReply,
  sendRaw,
  statisticsGame,
  witnessKeys,
  witnessVariantServers,
  type Call,
  type Json,
  type Observe,
  type Reply,
} from '../blind-faults/testing/witness-harness.ts';
import { BLIND_VARIANTS_1, type BlindVariant1Name } from './set-1.ts';
import { acceptsGzip, writeJson } from './set-1-behaviour.ts';

const KEYS = witnessKeys('bv1');
const GAMES = '/games?per_page=50&sort=most_reviewed';
const statsGame = statisticsGame(35);
const ACTIVITY = `/games/${statsGame.id}/activity-pattern`;
const STATISTICS = `/games/${statsGame.id}/statistics`;

/** The answer's body with this server's base URL taken out, to compare two servers' answers. */
function valuesOf(call: Call, reply: Reply): Json {
  return JSON.parse(JSON.stringify(reply.body).replaceAll(baseUrlOf(call), '{base}'));
}

/** Each `"average_rating":…` token of a JSON text, as written. */
const averageTokens = (text: string): string[] =>
  [...text.matchAll(/"average_rating":\s*([^,}\s]+)/g)].map((match) => match[1]!);

/** A page's custom tag ids, game by game. */
const customTagIds = (reply: Reply): number[][] =>
  reply.body.data.map((game: Json) => game.tags.custom.map((tag: { id: number }) => tag.id));

const WITNESSES: Record<BlindVariant1Name, Observe> = {
  'bv1-json-pretty-printed': async (call) => (await call('/tags')).text.slice(0, 20),
  'bv1-json-keys-sorted': async (call) => (await call(GAMES)).text.slice(0, 30),
  'bv1-json-slashes-escaped': async (call) => (await call(GAMES)).text.includes('\\/'),
  'bv1-average-rating-two-decimals': async (call) => averageTokens((await call(GAMES)).text),
  'bv1-content-type-without-charset': async (call) => (await call('/tags')).headers['content-type'],
  'bv1-chunked-transfer': async (call) => {
    const reply = await call('/tags');
    return [reply.headers['transfer-encoding'], reply.headers['content-length'] !== undefined];
  },
  'bv1-connection-close': async (call) => (await call('/tags')).headers.connection,
  'bv1-gzip-when-accepted': async (call) => {
    const reply = await sendRaw(call, '/tags', { headers: { 'accept-encoding': 'gzip' } });
    return [reply.headers['content-encoding'], reply.headers.vary];
  },
  'bv1-request-id-prefixed': async (call) => {
    const reply = await call('/no-such-route');
    expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
    return /^req_[0-9a-f]{24}$/.test(reply.body.request_id);
  },
  'bv1-error-messages-reworded': async (call) => (await call('/games/999999999')).body.error.message,
  'bv1-legacy-gone-code': async (call) => {
    const reply = await call('/json.php');
    expect(reply.status).toBe(410);
    return reply.body.error.code;
  },
  'bv1-tags-by-name': async (call) =>
    (await call('/tags')).body.data.map((group: { id: number }) => group.id),
  'bv1-custom-tags-by-name': async (call) => customTagIds(await call(GAMES)),
  'bv1-activity-weekday-sunday-zero': async (call) => {
    const cell = (await call(ACTIVITY)).body.data[0];
    return [cell.weekday, cell.hour];
  },
  'bv1-statistics-point-names': async (call) => Object.keys((await call(STATISTICS)).body.data[0]).sort(),
  'bv1-minute-window-from-first-request': async (call) => {
    clockOf(call).advance(30_000);
    return (await call('/tags')).headers['x-ratelimit-reset'];
  },
};

describe('blind variant set 1', () => {
  const start = witnessVariantServers([KEYS.high, KEYS.low, KEYS.dayLimited, KEYS.revoked]);

  describe('catalogue', () => {
    itCataloguesVariants('bv1', [16, 16], BLIND_VARIANTS_1, WITNESSES, start);
  });

  describe('witnesses', () => {
    itWitnessesEach(BLIND_VARIANTS_1, WITNESSES, start);
  });

  describe('each variant keeps the rule it leans on', () => {
    /** The default server's and the variant's answers to `path`, each with its server. */
    async function both(variant: BlindVariant1Name, path: string) {
      const [off, on] = await Promise.all([start([]), start([variant])]);
      return { off, on, reference: await off(path), served: await on(path) };
    }

    for (const variant of [
      'bv1-json-pretty-printed',
      'bv1-json-keys-sorted',
      'bv1-json-slashes-escaped',
      'bv1-average-rating-two-decimals',
      'bv1-content-type-without-charset',
      'bv1-chunked-transfer',
      'bv1-connection-close',
    ] as const) {
      it(`${variant}: the same JSON values, UTF-8 JSON`, async () => {
        for (const path of [
          GAMES,
          '/tags',
          `/games/${statsGame.id}`,
          '/reviews?per_page=5',
          '/no-such-route',
        ]) {
          const { off, on, reference, served } = await both(variant, path);
          expect(served.status).toBe(reference.status);
          expect(served.headers['content-type']).toMatch(/^application\/json\b/);
          const { request_id: _ignored, ...body } = valuesOf(on, served);
          const { request_id: _ignoredToo, ...expected } = valuesOf(off, reference);
          expect(body).toEqual(expected);
        }
      });
    }

    it('bv1-json-pretty-printed, bv1-json-keys-sorted: the text is what JSON.stringify writes of the values', async () => {
      const pretty = await (await start(['bv1-json-pretty-printed']))('/tags');
      expect(pretty.text).toBe(JSON.stringify(pretty.body, null, 2));
      const sorted = await (await start(['bv1-json-keys-sorted']))('/games?per_page=1');
      expect(Object.keys(sorted.body.data[0])).toEqual([...Object.keys(sorted.body.data[0])].sort());
      expect(Object.keys(sorted.body)).toEqual(['data', 'links', 'meta']);
    });

    it('writeJson with no option writes what JSON.stringify writes', () => {
      const value = { a: [1, 2.5, null, true, { b: 'x/y', c: [] }], d: {}, e: 'é' };
      expect(
        writeJson(value, { indent: false, sortKeys: false, escapeSlashes: false, averageTwoDecimals: false }),
      ).toBe(JSON.stringify(value));
      expect(
        writeJson(value, { indent: true, sortKeys: false, escapeSlashes: false, averageTwoDecimals: false }),
      ).toBe(JSON.stringify(value, null, 2));
    });

    it('bv1-average-rating-two-decimals: every average spelled with two decimals, same number', async () => {
      const { reference, served } = await both('bv1-average-rating-two-decimals', GAMES);
      const written = averageTokens(served.text);
      expect(written.filter((token) => token !== 'null' && !/^\d+\.\d\d$/.test(token))).toEqual([]);
      expect(written.map((token) => JSON.parse(token))).toEqual(
        averageTokens(reference.text).map((t) => JSON.parse(t)),
      );
    });

    it('bv1-gzip-when-accepted: compressed only when accepted; the decoded body is the same JSON', async () => {
      const [off, on] = await Promise.all([start([]), start(['bv1-gzip-when-accepted'])]);
      const zipped = await sendRaw(on, '/tags', { headers: { 'accept-encoding': 'gzip' } });
      const plain = await off('/tags');
      expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(plain.body);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
      for (const refused of [undefined, 'identity', 'gzip;q=0', 'br']) {
        const reply = await sendRaw(
          on,
          '/tags',
          refused === undefined ? {} : { headers: { 'accept-encoding': refused } },
        );
        expect(reply.headers['content-encoding'], String(refused)).toBeUndefined();
        expect(reply.body).toEqual(plain.body);
        expect(reply.headers.vary).toBe('Accept-Encoding');
      }
      expect([acceptsGzip('gzip, deflate'), acceptsGzip('*'), acceptsGzip('*;q=0.5, gzip;q=0')]).toEqual([
        true,
        true,
        false,
      ]);
    });

    it('bv1-chunked-transfer: the body is received whole, without Content-Length', async () => {
      const { reference, served } = await both('bv1-chunked-transfer', '/tags');
      expect(served.headers['transfer-encoding']).toBe('chunked');
      expect(served.headers['content-length']).toBeUndefined();
      expect(served.body).toEqual(reference.body);
    });

    it('bv1-request-id-prefixed: a fresh id per request, the same in header and body', async () => {
      const call = await start(['bv1-request-id-prefixed']);
      const first = await call('/no-such-route');
      const second = await call('/tags');
      expect(first.headers['x-request-id']).toBe(first.body.request_id);
      expect(second.headers['x-request-id']).toMatch(/^req_[0-9a-f]{24}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    });

    it('bv1-error-messages-reworded: same status and code, a non-empty message', async () => {
      for (const path of ['/games/999999999', '/no-such-route', '/games?page=0', '/json.php']) {
        const { reference, served } = await both('bv1-error-messages-reworded', path);
        expect(served.status).toBe(reference.status);
        expect(served.body.error.code).toBe(reference.body.error.code);
        expect(served.body.error.message).toMatch(/\S/);
        expect(served.body.request_id).toBe(served.headers['x-request-id']);
      }
      const unauthenticated = await (await start(['bv1-error-messages-reworded']))('/tags', { key: null });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.body.error).toEqual({
        code: 'authentication_required',
        message: 'Authentication required.',
      });
    });

    it('bv1-legacy-gone-code: 410 with the error envelope, at the origin root too', async () => {
      const call = await start(['bv1-legacy-gone-code']);
      const reply = await call('/json.php');
      expect(reply.status).toBe(410);
      expect(reply.body).toEqual({
        error: { code: 'gone', message: expect.any(String) },
        request_id: reply.headers['x-request-id'],
      });
      const root = await readReply(await request(`${new URL(baseUrlOf(call)).origin}/json.php`));
      expect(root.status).toBe(410);
      expect(root.body.error.code).toBe('gone');
    });

    it('bv1-tags-by-name, bv1-custom-tags-by-name: the same groups, values and tags, ordered by name', async () => {
      const tags = await both('bv1-tags-by-name', '/tags');
      const names = (list: Array<{ name: string }>) => list.map((item) => item.name);
      expect(names(tags.served.body.data)).toEqual([...names(tags.served.body.data)].sort());
      const setOf = (data: Json[]) =>
        data
          .map((group) => ({ ...group, values: [...group.values].sort((a, b) => a.id - b.id) }))
          .sort((a, b) => a.id - b.id);
      expect(setOf(tags.served.body.data)).toEqual(setOf(tags.reference.body.data));
      const games = await both('bv1-custom-tags-by-name', GAMES);
      games.served.body.data.forEach((game: Json, i: number) => {
        expect(names(game.tags.custom)).toEqual([...names(game.tags.custom)].sort());
        const ids = (tags: Array<{ id: number }>) => tags.map((tag) => tag.id).sort((a, b) => a - b);
        expect(ids(game.tags.custom)).toEqual(ids(games.reference.body.data[i].tags.custom));
      });
    });

    it('bv1-activity-weekday-sunday-zero: 168 cells, each weekday/hour once, the same counts', async () => {
      const { reference, served } = await both('bv1-activity-weekday-sunday-zero', ACTIVITY);
      expect(served.body.data).toHaveLength(168);
      const key = (cell: Json) => `${cell.weekday}/${cell.hour}`;
      expect(new Set(served.body.data.map(key)).size).toBe(168);
      const fromIso = new Map(
        reference.body.data.map((cell: Json) => [
          `${cell.weekday % 7}/${cell.hour}`,
          [cell.count, cell.average],
        ]),
      );
      for (const cell of served.body.data) expect([cell.count, cell.average]).toEqual(fromIso.get(key(cell)));
      expect(served.body.meta).toEqual(reference.body.meta);
    });

    it('bv1-statistics-point-names: the same points, under other names', async () => {
      const { reference, served } = await both('bv1-statistics-point-names', STATISTICS);
      expect(served.body.meta).toEqual(reference.body.meta);
      expect(
        served.body.data.map((point: Json) => ({
          date: point.timestamp,
          count: point.observations,
          average: point.avg,
          min: point.min,
          max: point.max,
        })),
      ).toEqual(reference.body.data);
    });

    it('bv1-minute-window-from-first-request: the window holds the limit for 60 s from the first request', async () => {
      const call = await start(['bv1-minute-window-from-first-request']);
      const clock = clockOf(call);
      clock.advance(30_000); // 12:00:30
      const opening = Math.floor(clock.now() / 1000);
      for (let i = 1; i <= KEYS.low.per_minute; i++) {
        const reply = await call('/tags', { key: KEYS.low });
        expect(reply.status).toBe(200);
        expect(reply.headers['x-ratelimit-remaining']).toBe(String(KEYS.low.per_minute - i));
        expect(reply.headers['x-ratelimit-reset']).toBe(String(opening + 60));
      }
      clock.advance(40_000); // 12:01:10, same window
      const refused = await call('/tags', { key: KEYS.low });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('20');
      expect(refused.headers['x-ratelimit-reset']).toBe(String(opening + 60));
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      clock.advance(20_000); // 12:01:30, the window's end: a new one
      const admitted = await call('/tags', { key: KEYS.low });
      expect(admitted.status).toBe(200);
      expect(admitted.headers['x-ratelimit-remaining']).toBe(String(KEYS.low.per_minute - 1));
      expect(admitted.headers['x-ratelimit-reset']).toBe(String(opening + 120));
      // The day budget still binds once it is the smaller one (3 a day).
      for (let i = 0; i < KEYS.dayLimited.per_day; i++) await call('/tags', { key: KEYS.dayLimited });
      const dayRefused = await call('/tags', { key: KEYS.dayLimited });
      expect(dayRefused.status).toBe(429);
      const midnight = Math.floor(clock.now() / 86_400_000) * 86_400 + 86_400;
      expect(dayRefused.headers['x-ratelimit-reset']).toBe(String(midnight));
    });
  });
});
