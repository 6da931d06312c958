/**
 * Witnesses of blind fault set 30 (set-30.ts): for every blind fault, one request of text that is not
 * plain ASCII words (or of data holding line feeds, colons, long descriptions) whose answer differs
 * between a server with that fault on and the faultless server, in status, header, bytes or body.
 * Responses are read raw (a faulty server breaks the spec). The servers run in-process on the shared
 * small test dataset (whose texts are ASCII) with a hand-moved clock that starts at
 * 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import {
  active,
  daysAgo,
  dataset,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendRaw,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_30, type BlindFault30Name } from './set-30.ts';

const KEYS = witnessKeys('blind30');

/** An active game that is not web-only (its player history answers 200). */
const game = active.find((g) => !g.webOnly)!;
/** An active game with statistics ready, crawled for a month at least (statistics, activity pattern). */
const statsGame = statisticsGame(30);
/** A game whose description is longer than 512 bytes. */
const longDescription = pick(
  dataset.games.filter((g) => Buffer.byteLength(g.description, 'utf8') > 512),
  'description longer than 512 bytes',
);
/** A review whose body has several lines. */
const multiLine = pick(
  dataset.reviews.filter((review) => review.body.includes('\n')),
  'review with a body of several lines',
);
/** A game whose MSSP snapshot names it with a colon. */
const colonName = pick(
  dataset.games.filter((g) => g.msspRaw?.NAME?.includes(':') === true),
  'MSSP name holding a colon',
);

const FROM = daysAgo(2);
const TO = daysAgo(1);
/** `FROM` with its hyphens written as U+2010 HYPHEN, percent-encoded. */
const FROM_UNICODE_HYPHENS = encodeURIComponent(FROM.replace(/-/g, '\u2010'));
/** `FROM` with its digits written full-width (U+FF10…U+FF19), percent-encoded. */
const FROM_FULL_WIDTH = encodeURIComponent(
  FROM.replace(/[0-9]/g, (digit) => String.fromCharCode(0xff10 + Number(digit))),
);

const total = async (call: Call, path: string) => {
  const reply = await call(path);
  return [reply.status, reply.body?.meta?.total];
};
const statusOf = async (call: Call, path: string) => (await call(path)).status;
const statusAndCode = async (call: Call, path: string) => {
  const reply = await call(path);
  return [reply.status, reply.body?.error?.code ?? (reply.body === undefined ? 'not JSON' : undefined)];
};
const isUtf8 = (bytes: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

const WITNESSES: Record<BlindFault30Name, Observe> = {
  'blind30-q-accents-folded': async (call) => total(call, '/games?q=drag%C3%B3n&per_page=1'),
  'blind30-games-query-unescaped': async (call) => {
    const reply = await call('/games?q=caf%C3%A9&per_page=1');
    return [reply.status, new URL(reply.body.links.self as string).search];
  },
  'blind30-q-percent-decoded-twice': async (call) => total(call, '/games?q=dr%2561gon&per_page=1'),
  'blind30-q-term-cut-at-nul': async (call) => total(call, '/games?q=dragon%00xyz&per_page=1'),
  'blind30-q-split-on-ascii-whitespace': async (call) =>
    total(call, '/games?q=dragon%E3%80%80keep&per_page=1'),
  'blind30-games-link-header-decoded-500': async (call) =>
    statusAndCode(call, '/games?q=%E2%82%AC&per_page=1'),
  'blind30-detail-description-cut-at-512-bytes': async (call) =>
    (await call(`/games/${longDescription.id}`)).body.data.description,
  'blind30-review-body-control-chars-raw': async (call) => {
    const reply = await call(`/reviews/${multiLine.id}`);
    return [reply.status, reply.body?.data?.body ?? 'not JSON'];
  },
  'blind30-mssp-value-cut-at-colon': async (call) =>
    (await call(`/games/${colonName.id}/mssp`)).body.data.values.name,
  'blind30-players-date-unicode-dashes-accepted': async (call) =>
    statusAndCode(call, `/games/${game.id}/players?from=${FROM_UNICODE_HYPHENS}&to=${TO}`),
  'blind30-stats-date-unicode-digits-accepted': async (call) =>
    statusAndCode(call, `/games/${statsGame.id}/statistics?from=${FROM_FULL_WIDTH}&to=${TO}`),
  'blind30-activity-date-trailing-newline-accepted': async (call) =>
    statusAndCode(call, `/games/${statsGame.id}/activity-pattern?from=${FROM}%0A&to=${TO}`),
  'blind30-tags-accept-charset-utf16': async (call) => {
    const reply = await call('/tags', { headers: { 'accept-charset': 'utf-16' } });
    return [reply.headers['content-type'], reply.body?.data?.length ?? 'not JSON'];
  },
  'blind30-error-content-length-utf16-units': async (call) =>
    statusAndCode(call, '/games?has_reviews=%C3%A9'),
  'blind30-error-body-cesu8': async (call) => {
    const reply = await sendRaw(call, `/games/${game.id}/players?from=%F0%9F%90%89`);
    return [reply.status, isUtf8(reply.bytes)];
  },
  'blind30-authorization-nfkc-normalised': async (call) =>
    (await call('/tags', { authorization: `Bearer\u00a0${KEYS.high.key}` })).status,
};

describe('blind fault set 30', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind30', 12, BLIND_FAULTS_30, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_30, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: every term must occur as written; the links keep the query as sent.
    expect(await WITNESSES['blind30-q-accents-folded'](call)).toEqual([200, 0]);
    const dragon = (await total(call, '/games?q=dragon&per_page=1'))[1] as number;
    expect(dragon).toBeGreaterThan(0);
    expect(await WITNESSES['blind30-games-query-unescaped'](call)).toEqual([
      200,
      '?q=caf%C3%A9&per_page=1&page=1',
    ]);
    expect(await total(call, '/games?q=dr%u0061gon&per_page=1')).toEqual([200, 0]);
    expect(await WITNESSES['blind30-q-percent-decoded-twice'](call)).toEqual([200, 0]);
    expect(await WITNESSES['blind30-q-term-cut-at-nul'](call)).toEqual([200, 0]);
    const both = await total(call, '/games?q=dragon%20keep&per_page=1');
    expect(both[1]).toBeGreaterThan(0);
    expect(await WITNESSES['blind30-q-split-on-ascii-whitespace'](call)).toEqual(both);
    expect(await WITNESSES['blind30-games-link-header-decoded-500'](call)).toEqual([200, undefined]);
    expect(await total(call, '/games?q=%E2%82%AC&per_page=1')).toEqual([200, 0]);

    // Game detail, review detail, MSSP: the texts as stored.
    expect(await WITNESSES['blind30-detail-description-cut-at-512-bytes'](call)).toBe(
      longDescription.description,
    );
    expect(await WITNESSES['blind30-review-body-control-chars-raw'](call)).toEqual([200, multiLine.body]);
    expect(await WITNESSES['blind30-mssp-value-cut-at-colon'](call)).toBe(colonName.msspRaw!.NAME);

    // Dates: only ASCII digits and hyphens; no trailing line feed.
    expect(await WITNESSES['blind30-players-date-unicode-dashes-accepted'](call)).toEqual([
      422,
      'invalid_date_range',
    ]);
    expect(await statusOf(call, `/games/${game.id}/players?from=${FROM}&to=${TO}`)).toBe(200);
    expect(await WITNESSES['blind30-stats-date-unicode-digits-accepted'](call)).toEqual([
      422,
      'invalid_statistics_query',
    ]);
    expect(await statusOf(call, `/games/${statsGame.id}/statistics?from=${FROM}&to=${TO}`)).toBe(200);
    expect(await WITNESSES['blind30-activity-date-trailing-newline-accepted'](call)).toEqual([
      422,
      'invalid_statistics_query',
    ]);
    expect(await statusOf(call, `/games/${statsGame.id}/activity-pattern?from=${FROM}&to=${TO}`)).toBe(200);

    // Encodings: UTF-8 whatever Accept-Charset asks; error bodies framed and encoded right.
    expect(await WITNESSES['blind30-tags-accept-charset-utf16'](call)).toEqual([
      'application/json; charset=utf-8',
      dataset.taxonomy.groups.length,
    ]);
    expect(await WITNESSES['blind30-error-content-length-utf16-units'](call)).toEqual([
      422,
      'invalid_filter',
    ]);
    const accented = await sendRaw(call, '/games?has_reviews=%C3%A9');
    expect(Number(accented.headers['content-length'])).toBe(accented.bytes.length);
    expect(accented.body.error.details.value).toBe('é');
    expect(await WITNESSES['blind30-error-body-cesu8'](call)).toEqual([422, true]);
    const dragonEmoji = await call(`/games/${game.id}/players?from=%F0%9F%90%89`);
    expect(dragonEmoji.body.error.details.value).toBe('\u{1f409}');

    // Authentication: a no-break space is no separator, a superscript digit no digit.
    expect(await WITNESSES['blind30-authorization-nfkc-normalised'](call)).toBe(401);
    const superscript = await call('/tags', {
      authorization: `Bearer ${KEYS.high.key.replace(/1$/, '\u00b9')}`,
    });
    expect([superscript.status, superscript.body.error.code]).toEqual([401, 'invalid_api_key']);
    expect((await call('/tags')).status).toBe(200);
  });
});
