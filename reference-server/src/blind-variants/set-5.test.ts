/**
 * Witnesses of blind variant set 5 (set-5.ts): for each variant, something a client observes on a
 * server with it on differs from the reference server; then, per variant, the sentences of the
 * description it leans on still hold on its answers.
 */
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  active,
  baseUrlOf,
  dataset,
  daysAgo,
  everyItem,
  itCataloguesVariants,
  itWitnessesEach,
  reviewsOf,
  sendTimes,
  statisticsGame,
  witnessKeys,
  witnessVariantServers,
  type Call,
  type Json,
  type Observe,
  type Reply,
} from '../blind-faults/testing/witness-harness.ts';
import { BLIND_VARIANTS_5, type BlindVariant5Name } from './set-5.ts';
import { goCanonicalName, kestrelConnectionId, quoteJson, spellJson } from './set-5-behaviour.ts';

const KEYS = witnessKeys('bv5');
const NO_GAME = 999_999_999;
/** An active game with statistics ready, crawled for 35 days at least and still crawled. */
const STATS = statisticsGame(35);
/** An active game whose ratings average to a whole number. */
const WHOLE_AVERAGE = active.find((game) => {
  const ratings = reviewsOf(game.id).flatMap((review) => (review.rating === null ? [] : [review.rating]));
  return ratings.length > 0 && Number.isInteger(ratings.reduce((a, b) => a + b, 0) / ratings.length);
})!;
/** The headers that differ between any two answers (per request or per clock reading). */
const PER_REQUEST = new Set([
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'date',
  'x-runtime',
]);

/** A body with its server's base URL taken out and its request id dropped, to compare two servers' answers. */
const valuesOf = (call: Call, body: Json): Json => {
  const values = JSON.parse(JSON.stringify(body).replaceAll(baseUrlOf(call), '{base}'));
  if (values !== null && typeof values === 'object') delete values.request_id;
  return values;
};

/** The envelope of an error answer: its status and code, its request id in the body (and header, once authenticated). */
function expectError(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body.error.code).toBe(code);
  expect(typeof reply.body.error.message).toBe('string');
  expect(typeof reply.body.request_id).toBe('string');
  if (status !== 401) expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
}

/** An answer as it came over the wire: status line, header field lines in order, text. */
interface Exchange {
  status: number;
  statusMessage: string;
  /** Names and values as sent, in order. */
  fields: Array<[string, string]>;
  text: string;
  body: Json;
}

/** A GET of `path` under the base of `call`'s server, on a connection of its own, read as sent. */
function exchange(
  call: Call,
  path: string,
  { key = KEYS.high, method = 'GET' }: { key?: typeof KEYS.high | null; method?: string } = {},
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const headers = key === null ? {} : { authorization: `Bearer ${key.key}` };
    const request = http.request(`${baseUrlOf(call)}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const fields: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          fields.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        let body: Json;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, fields, text, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The answers of every status the API answers with, each asked of a fresh-minute server (the 429 last). */
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

/** 200 answers of every endpoint. */
const ENDPOINTS = [
  '/games?per_page=4&page=2&sort=top_voted',
  '/games?q=the&per_page=3&theme_tag_id[]=153&theme_tag_id[]=154',
  `/games/${STATS.id}`,
  `/games/${WHOLE_AVERAGE.id}`,
  `/games/${STATS.id}/mssp`,
  `/games/${STATS.id}/players?from=${daysAgo(6)}`,
  `/games/${STATS.id}/statistics?resolution=hourly&from=${daysAgo(2)}`,
  `/games/${STATS.id}/activity-pattern`,
  '/reviews?per_page=5&page=2',
  `/reviews/${dataset.reviews[0]!.id}`,
  '/tags',
];

/** Every 200 of ENDPOINTS and every error status, from `call`. */
async function everyAnswer(call: Call): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (const path of ENDPOINTS) replies.push(await call(path));
  return [...replies, ...(await everyError(call))];
}

/** The same JSON values and Content-Length counting the text, answer by answer, on both servers. */
async function expectSameValues(on: Call, off: Call): Promise<Reply[]> {
  const served = await everyAnswer(on);
  const expected = await everyAnswer(off);
  served.forEach((reply, i) => {
    expect(reply.status).toBe(expected[i]!.status);
    expect(valuesOf(on, reply.body)).toEqual(valuesOf(off, expected[i]!.body));
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.text));
  });
  return served;
}

const WITNESSES: Record<BlindVariant5Name, Observe> = {
  'bv5-reason-phrase-unprocessable-content': async (call) => {
    const answer = await exchange(call, '/games?has_reviews=2');
    expect([answer.status, answer.body.error.code]).toEqual([422, 'invalid_filter']);
    return answer.statusMessage;
  },

  'bv5-json-html-safe-escaping': async (call) =>
    (await call('/games?per_page=2&page=2')).text.includes('\\u0026'),

  'bv5-json-dotnet-escaping': async (call) => (await call('/games?has_reviews=2')).text.includes('\\u0027'),

  'bv5-json-python-separators': async (call) => (await call('/tags')).text.slice(0, 12),

  'bv5-averages-written-as-floats': async (call) =>
    /"average_rating":([^,}]*)/.exec((await call(`/games/${WHOLE_AVERAGE.id}`)).text)?.[1],

  'bv5-content-type-spring-charset': async (call) => (await call('/tags')).headers['content-type'],

  'bv5-header-names-go-canonical': async (call) =>
    (await exchange(call, '/tags')).fields.map(([name]) => name),

  'bv5-vary-spring-cors-lines': async (call) =>
    (await exchange(call, '/tags')).fields.filter(([name]) => /^vary$/i.test(name)),

  'bv5-behind-nginx': async (call) => {
    const { headers } = await call('/tags');
    return [headers.server, headers['keep-alive']];
  },

  'bv5-rails-runtime-header': async (call) => typeof (await call('/tags')).headers['x-runtime'],

  'bv5-request-id-aspnet-trace-identifier': async (call) =>
    /^[0-9A-V]{13}:[0-9A-F]{8}$/.test(String((await call('/tags')).headers['x-request-id'])),

  'bv5-error-details-null': async (call) => {
    const reply = await call(`/games/${NO_GAME}`);
    expectError(reply, 404, 'game_not_found');
    return Object.keys(reply.body.error);
  },

  'bv5-validation-details-pydantic': async (call) => {
    const reply = await call('/games?has_reviews=2');
    expectError(reply, 422, 'invalid_filter');
    return Array.isArray(reply.body.error.details);
  },

  'bv5-query-names-case-insensitive': async (call) => (await call('/games?Per_Page=3')).body.data.length,

  'bv5-tag-group-parameter-member': async (call) => Object.keys((await call('/tags')).body.data[0]),

  'bv5-activity-weekday-monday-zero': async (call) => [
    ...new Set(
      (await call(`/games/${STATS.id}/activity-pattern`)).body.data.map((cell: Json) => cell.weekday),
    ),
  ],
};

describe('blind variant set 5', () => {
  const start = witnessVariantServers(Object.values(KEYS));

  describe('catalogue', () => {
    itCataloguesVariants('bv5', [16, 16], BLIND_VARIANTS_5, WITNESSES, start);
  });

  describe('witnesses', () => {
    itWitnessesEach(BLIND_VARIANTS_5, WITNESSES, start);
  });

  describe('each variant keeps the rule it leans on', () => {
    /** The default server and a server with `variants` on. */
    const both = (...variants: BlindVariant5Name[]) => Promise.all([start([]), start(variants)]);

    it('bv5-reason-phrase-unprocessable-content: every 422 keeps its status, code and body; other statuses unchanged', async () => {
      const [off, on] = await both('bv5-reason-phrase-unprocessable-content');
      for (const path of [
        '/games?has_reviews=2',
        '/games?connection_type=web_only&online_recently=1',
        `/games/${STATS.id}/players?granularity=hourly`,
        `/games/${STATS.id}/statistics?metric=karma`,
        `/games/${STATS.id}/activity-pattern?timezone=Mars/Olympus`,
        '/tags',
        `/games/${NO_GAME}`,
      ]) {
        const served = await exchange(on, path);
        const expected = await exchange(off, path);
        expect(served.status, path).toBe(expected.status);
        expect(valuesOf(on, served.body)).toEqual(valuesOf(off, expected.body));
        expect(served.statusMessage).toBe(
          served.status === 422 ? 'Unprocessable Content' : expected.statusMessage,
        );
      }
      expect((await exchange(on, '/tags', { key: null })).statusMessage).toBe('Unauthorized');
    });

    it('bv5-json-html-safe-escaping: the same JSON values on every status; no raw <, > or & in the text', async () => {
      const [off, on] = await both('bv5-json-html-safe-escaping');
      for (const reply of await expectSameValues(on, off))
        expect(reply.text).not.toMatch(/[<>&\u2028\u2029]/);
      expect(quoteJson('a<b>&c\u2028', 'html-safe')).toBe('"a\\u003cb\\u003e\\u0026c\\u2028"');
      const { links } = (await on('/games?per_page=2&page=2')).body;
      expect((await on(links.next.slice(baseUrlOf(on).length))).body.meta.page).toBe(3);
    });

    it('bv5-json-dotnet-escaping: the same JSON values on every status; ASCII text, quotes and HTML characters escaped', async () => {
      const [off, on] = await both('bv5-json-dotnet-escaping');
      for (const reply of await expectSameValues(on, off)) {
        expect(reply.text).toMatch(/^[\x20-\x7e]*$/);
        expect(reply.text).not.toMatch(/['+<>&`]/);
      }
      expect(quoteJson('"é\'+😀\n\\', 'dotnet')).toBe('"\\u0022\\u00E9\\u0027\\u002B\\uD83D\\uDE00\\n\\\\"');
      expect(JSON.parse(quoteJson('"é\'+😀\n\\\u0001', 'dotnet'))).toBe('"é\'+😀\n\\\u0001');
    });

    it('bv5-json-python-separators: the same JSON values on every status; ASCII text, spaced separators', async () => {
      const [off, on] = await both('bv5-json-python-separators');
      for (const reply of await expectSameValues(on, off)) {
        expect(reply.text).toMatch(/^[\x20-\x7f]*$/);
        expect(reply.text.startsWith('{"')).toBe(true);
        expect(reply.text).toContain('": ');
      }
      const value = { a: [1, 'é'], b: {}, c: [] };
      expect(spellJson(value, { escaping: 'ascii', spacedSeparators: true, floatAverages: false })).toBe(
        '{"a": [1, "\\u00e9"], "b": {}, "c": []}',
      );
    });

    it('bv5-averages-written-as-floats: the same JSON values; whole averages written with .0, integer members never', async () => {
      const [off, on] = await both('bv5-averages-written-as-floats');
      let floats = 0;
      for (const reply of await expectSameValues(on, off)) {
        floats += (reply.text.match(/"average(_rating)?":-?\d+\.0[,}]/g) ?? []).length;
        expect(reply.text).not.toMatch(/"average(_rating)?":-?\d+[,}]/);
        expect(reply.text).not.toMatch(
          /"(id|count|total|page|per_page|players|rank|monthly_votes|rating_count|rating|port|tls_port|watcher_count|hour|weekday|date|min|max)":-?\d+\.\d/,
        );
      }
      expect(floats).toBeGreaterThan(0);
      const items = await everyItem(on, '/games?has_reviews=1');
      expect(items.map((item) => item.reviews)).toEqual(
        (await everyItem(off, '/games?has_reviews=1')).map((item) => item.reviews),
      );
    });

    it('bv5-content-type-spring-charset: JSON labelled UTF-8 on every status; bodies unchanged', async () => {
      const [off, on] = await both('bv5-content-type-spring-charset');
      for (const reply of await expectSameValues(on, off)) {
        const type = String(reply.headers['content-type']);
        expect(type).toBe('application/json;charset=UTF-8');
        const [essence, ...parameters] = type.split(';').map((part) => part.trim().toLowerCase());
        expect([essence, parameters]).toEqual(['application/json', ['charset=utf-8']]);
      }
    });

    it('bv5-header-names-go-canonical: the same fields and values on every status, names canonical and sorted', async () => {
      const [off, on] = await both('bv5-header-names-go-canonical');
      const paths = ['/tags', '/games?has_reviews=2', `/games/${NO_GAME}`, '/no-such-route'];
      for (const path of paths) {
        const served = await exchange(on, path);
        const expected = await exchange(off, path);
        const fieldsOf = (answer: Exchange) =>
          answer.fields
            .map(([name, value]) => [name.toLowerCase(), value])
            .filter(([name]) => !PER_REQUEST.has(name!))
            .sort();
        expect(fieldsOf(served), path).toEqual(fieldsOf(expected));
        expect(served.text.replace(/"request_id":"[^"]*"/, '')).toBe(
          expected.text.replace(/"request_id":"[^"]*"/, ''),
        );
        // Node appends its connection fields after the application's (as Go appends its own).
        const names = served.fields
          .map(([name]) => name)
          .filter((name) => !/^(connection|keep-alive)$/i.test(name));
        expect(names).toEqual([...names].sort());
        expect(names.every((name) => name === goCanonicalName(name))).toBe(true);
      }
      const refused = await exchange(on, '/tags', { key: null });
      expect(refused.fields.find(([name]) => name === 'Www-Authenticate')?.[1]).toBe(
        'Bearer realm="Mudverse API"',
      );
      const method = await exchange(on, '/tags', { method: 'DELETE' });
      expect(method.fields.find(([name]) => name === 'Allow')?.[1]).toBe('GET');
      expect(goCanonicalName('X-RateLimit-Limit')).toBe('X-Ratelimit-Limit');
      expect(goCanonicalName('WWW-Authenticate')).toBe('Www-Authenticate');
    });

    it('bv5-vary-spring-cors-lines: three Vary lines on every status, one list when joined; still no CORS header', async () => {
      const [off, on] = await both('bv5-vary-spring-cors-lines');
      for (const reply of await expectSameValues(on, off)) {
        expect([reply.headers.vary].flat().join(', ')).toBe(
          'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        );
        expect(Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
      const fromBrowser = await on('/tags', { headers: { origin: 'https://evil.example' } });
      expect(fromBrowser.headers['access-control-allow-origin']).toBeUndefined();
      const lines = (await exchange(on, `/games/${NO_GAME}`)).fields.filter(([name]) => name === 'Vary');
      expect(lines).toHaveLength(3);
    });

    it("bv5-behind-nginx: nginx named on every status; an idle connection outlives Node's 5 s and answers again", async () => {
      const [off, on] = await both('bv5-behind-nginx');
      for (const reply of await expectSameValues(on, off)) {
        expect(reply.headers.server).toBe('nginx/1.26.2');
        expect(reply.headers['keep-alive']).toBeUndefined();
      }
      const { hostname, port, pathname } = new URL(baseUrlOf(on));
      const socket = net.connect(Number(port), hostname);
      let received = '';
      let closed = false;
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('close', () => (closed = true));
      const ask = () =>
        socket.write(
          `GET ${pathname}/tags HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${KEYS.high.key}\r\n\r\n`,
        );
      const answers = () => received.split('HTTP/1.1 200 OK').length - 1;
      const until = async (done: () => boolean) => {
        for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      };
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      ask();
      await until(() => answers() === 1);
      expect(received).toMatch(/\r\nConnection: keep-alive\r\n/);
      await new Promise((resolve) => setTimeout(resolve, 5_600));
      expect(closed).toBe(false);
      ask();
      await until(() => answers() === 2);
      expect(answers()).toBe(2);
      socket.destroy();
    }, 20_000);

    it('bv5-rails-runtime-header: seconds with six decimals on every status; all else unchanged', async () => {
      const [off, on] = await both('bv5-rails-runtime-header');
      for (const reply of await expectSameValues(on, off)) {
        expect(reply.headers['x-runtime']).toMatch(/^\d+\.\d{6}$/);
        expect(Number(reply.headers['x-runtime'])).toBeLessThan(30);
        expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    });

    it('bv5-request-id-aspnet-trace-identifier: a fresh id per request, in header and body, numbered on its connection', async () => {
      const [off, on] = await both('bv5-request-id-aspnet-trace-identifier');
      const served = await expectSameValues(on, off);
      const ids = served.map((reply) => reply.body?.request_id ?? reply.headers['x-request-id']);
      for (const [i, reply] of served.entries()) {
        expect(String(ids[i])).toMatch(/^[0-9A-V]{13}:[0-9A-F]{8}$/);
        if (reply.status !== 401 && reply.status !== 200)
          expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
        if (reply.status === 200) expect(typeof reply.headers['x-request-id']).toBe('string');
      }
      // Two answers on one connection: the same connection id, numbers 1 and 2.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const onOne = async () =>
        new Promise<string>((resolve) => {
          http.get(
            `${baseUrlOf(on)}/tags`,
            { agent, headers: { authorization: `Bearer ${KEYS.high.key}` } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(String(res.headers['x-request-id'])));
            },
          );
        });
      const first = await onOne();
      const second = await onOne();
      agent.destroy();
      expect(second.split(':')[0]).toBe(first.split(':')[0]);
      expect([first.split(':')[1], second.split(':')[1]]).toEqual(['00000001', '00000002']);
      const all = [
        ...ids,
        first,
        second,
        ...(await Promise.all([1, 2, 3].map(async () => (await on('/tags')).headers['x-request-id']))),
      ];
      expect(new Set(all).size).toBe(all.length);
      expect(kestrelConnectionId(0x7fffffffffffffffn)).toBe('7VVVVVVVVVVVV');
    });

    it('bv5-error-details-null: every error keeps status, code, message and headers; details null only where none were', async () => {
      const [off, on] = await both('bv5-error-details-null');
      const served = await everyError(on);
      const expected = await everyError(off);
      served.forEach((reply, i) => {
        const reference = expected[i]!;
        expectError(reply, reference.status, reference.body.error.code);
        expect(reply.body.error.message).toBe(reference.body.error.message);
        expect(reply.headers['www-authenticate']).toBe(reference.headers['www-authenticate']);
        expect(reply.headers.allow).toBe(reference.headers.allow);
        expect(reply.body.error.details).toEqual(reference.body.error.details ?? null);
        expect('details' in reply.body.error).toBe(true);
      });
    });

    it('bv5-validation-details-pydantic: every 422 keeps status, code and message; details list the parameter and value', async () => {
      const [off, on] = await both('bv5-validation-details-pydantic');
      for (const path of [
        '/games?has_reviews=2',
        '/games?per_page=51',
        '/games?connection_type=web_only&online_recently=1',
        `/games/${STATS.id}/players?granularity=hourly`,
        `/games/${STATS.id}/players?from=${daysAgo(400)}`,
        `/games/${STATS.id}/statistics?metric=karma`,
        `/games/${STATS.id}/activity-pattern?timezone=Mars/Olympus`,
      ]) {
        const served = await on(path);
        const expected = await off(path);
        expectError(served, 422, expected.body.error.code);
        expect(served.body.error.message).toBe(expected.body.error.message);
        const { parameter, value, ...rest } = expected.body.error.details ?? {};
        const [entry, ...more] = served.body.error.details;
        expect(more).toEqual([]);
        expect(entry.type).toBe('value_error');
        expect(entry.msg).toBe(expected.body.error.message);
        expect(entry.loc).toEqual(parameter === undefined ? ['query'] : ['query', parameter]);
        expect(entry.input).toEqual(value);
        expect(entry.ctx).toEqual(Object.keys(rest).length > 0 ? rest : undefined);
      }
      // Other errors keep their details.
      const served = await everyError(on);
      const expected = await everyError(off);
      served.forEach((reply, i) => {
        if (reply.status !== 422) expect(reply.body.error).toEqual(expected[i]!.body.error);
      });
    });

    it("bv5-query-names-case-insensitive: any case answered as the API's names; links followable; values still checked", async () => {
      const [off, on] = await both('bv5-query-names-case-insensitive');
      const review = dataset.reviews.find((r) => active.some((game) => game.id === r.gameId))!;
      for (const [cased, plain] of [
        ['/games?PER_PAGE=3&Page=2&SORT=newest', '/games?per_page=3&page=2&sort=newest'],
        [
          '/games?Theme_Tag_Id[]=153&THEME_TAG_ID%5B%5D=154&Has_Reviews=1',
          '/games?theme_tag_id[]=153&theme_tag_id%5B%5D=154&has_reviews=1',
        ],
        [
          `/games/${STATS.id}/players?Granularity=raw&FROM=${daysAgo(2)}`,
          `/games/${STATS.id}/players?granularity=raw&from=${daysAgo(2)}`,
        ],
        [
          `/games/${STATS.id}/statistics?Metric=rooms&Resolution=weekly&From=${daysAgo(100)}`,
          `/games/${STATS.id}/statistics?metric=rooms&resolution=weekly&from=${daysAgo(100)}`,
        ],
        [
          `/games/${STATS.id}/activity-pattern?TimeZone=Asia/Tokyo`,
          `/games/${STATS.id}/activity-pattern?timezone=Asia/Tokyo`,
        ],
        [`/reviews?Game_Id=${review.gameId}&Per_Page=2`, `/reviews?game_id=${review.gameId}&per_page=2`],
      ]) {
        const served = await on(cased!);
        const expected = await off(plain!);
        expect(served.status, cased).toBe(200);
        expect(valuesOf(on, served.body)).toEqual(valuesOf(off, expected.body));
      }
      // A link is followed to the page it names.
      const { links } = (await on('/games?Per_Page=4&Page=2')).body;
      const next = await on(links.next.slice(baseUrlOf(on).length));
      expect([next.status, next.body.meta.page, next.body.meta.per_page]).toEqual([200, 3, 4]);
      const refused = await on('/games?Has_Reviews=2');
      expectError(refused, 422, 'invalid_filter');
      expect(refused.body.error.details.parameter).toBe('has_reviews');
      expectError(await on('/games?PAGE=0'), 422, 'invalid_filter');
      // Names that are no parameter in any case are still ignored.
      expect((await on('/games?Per_Pages=3')).body.data).toHaveLength(20);
    });

    it('bv5-tag-group-parameter-member: the same groups and values; each parameter filters GET /games by its group', async () => {
      const [off, on] = await both('bv5-tag-group-parameter-member');
      const served = (await on('/tags')).body.data;
      expect(served.map(({ parameter: _parameter, ...group }: Json) => group)).toEqual(
        (await off('/tags')).body.data,
      );
      for (const group of served) {
        expect(group.parameter).toMatch(/^[a-z_]+_tag_id\[\]$/);
        const category = group.parameter.slice(0, -'_tag_id[]'.length);
        const tag = group.values[0];
        const items = await everyItem(on, `/games?${group.parameter}=${tag.id}`);
        for (const item of items) expect(item.tags.categories[category]).toEqual(tag);
      }
    });

    it("bv5-activity-weekday-monday-zero: 168 cells, Monday 0 to Sunday 6, the reference's counts and averages", async () => {
      const [off, on] = await both('bv5-activity-weekday-monday-zero');
      for (const query of ['', `?from=${daysAgo(20)}&timezone=Asia/Tokyo`]) {
        const path = `/games/${STATS.id}/activity-pattern${query}`;
        const served = (await on(path)).body;
        const expected = (await off(path)).body;
        expect(served.meta).toEqual(expected.meta);
        expect(served.data).toHaveLength(168);
        served.data.forEach((cell: Json, i: number) => {
          expect(cell.weekday).toBe(Math.floor(i / 24));
          expect({ ...cell, weekday: cell.weekday + 1 }).toEqual(expected.data[i]);
        });
      }
      expectError(
        await on(`/games/${STATS.id}/activity-pattern?from=${daysAgo(100)}`),
        422,
        'invalid_statistics_query',
      );
    });
  });

  it('the test dataset has what the witnesses need', () => {
    expect(WHOLE_AVERAGE).toBeDefined();
    expect(STATS.id).toBeGreaterThan(0);
  });
});
