/**
 * Structured request logs (pino JSON lines): one per request with method, path, status,
 * request id and the key's label — and never a key, whether it is valid, revoked,
 * unknown, malformed or smuggled into the query string.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.ts';
import { KEYS, ManualClock, testDataset } from './harness.ts';

const lines: string[] = [];
let server: RunningServer;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startServer({
    dataset: testDataset(),
    keys: Object.values(KEYS),
    clock: new ManualClock(),
    logger: pino({ name: 'reference-server' }, sink),
  });
  const send = (path: string, authorization?: string | string[]) =>
    request(`${server.url}${path}`, { headers: authorization ? { authorization } : {} }).then((r) =>
      r.body.text(),
    );
  await send('/api/v1/games?per_page=1', `Bearer ${KEYS.high.key}`);
  await send('/api/v1/tags', `Bearer ${KEYS.revoked.key}`);
  await send('/api/v1/tags', 'Bearer gd_live_ffffffffffffffffffffffffffffffff');
  await send('/api/v1/tags', `Basic ${KEYS.demo.key}`);
  await send(`/api/v1/games?api_key=${KEYS.low.key}`, `Bearer ${KEYS.high.key}`);
  await new Promise((resolve) => setTimeout(resolve, 50)); // 'finish' handlers have run
});

afterAll(async () => {
  await server?.close();
});

describe('request logs', () => {
  it('has one JSON line per request with method, path, status, request id and key label', () => {
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(5);
    expect(entries[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/games',
      status: 200,
      key_label: 'conformance',
      request_id: expect.any(String),
    });
  });

  it('never contains a key, whatever the request sent', () => {
    const log = lines.join('\n');
    for (const key of [
      ...Object.values(KEYS).map((k) => k.key),
      'gd_live_ffffffffffffffffffffffffffffffff',
    ]) {
      expect(log).not.toContain(key);
    }
  });
});
