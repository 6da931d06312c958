/**
 * The suite's users run it against real deployments with the key from their CI secrets. A key in
 * a request line or another header lands in the access logs of the server and of every proxy in
 * front of it, so a default run — every hint given — must send the primary key only in the
 * `Authorization` header, and no key of any kind may reach the console or the reports.
 * Shown with a logging proxy in front of the reference server that records every request line
 * and header of the whole run.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';

interface Logged {
  line: string;
  headers: IncomingHttpHeaders;
}

const KEYS = JSON.parse(readFileSync(new URL('../../fixtures/keys.json', import.meta.url), 'utf8')) as {
  key: string;
  label: string;
}[];
const keyOf = (label: string) => KEYS.find((k) => k.label === label)!.key;
const PRIMARY = keyOf('conformance');
const EVERY_KEY = ['conformance', 'low-limit', 'day-limited', 'revoked'].map(keyOf);

/** A reverse proxy that logs what an access log would: the request line and every header. */
const loggingProxy = (log: Logged[]) =>
  proxyInFront({
    intercept: (req) => {
      log.push({ line: `${req.method} ${req.url} HTTP/${req.httpVersion}`, headers: { ...req.headers } });
      return false;
    },
  });

describe('a default run with every hint, through a logging proxy', () => {
  const log: Logged[] = [];
  const reportDir = mkdtempSync(join(tmpdir(), 'key-in-header-'));
  let run: SuiteRun;

  beforeAll(async () => {
    run = await runSuiteAgainstReference({
      hints: true,
      reportDir,
      frontedBy: loggingProxy(log),
    });
  }, 300_000);
  afterAll(() => rmSync(reportDir, { recursive: true, force: true }));

  it('passes, having sent its requests through the proxy', () => {
    expect(run.exitCode, run.output).toBe(0);
    expect(log.length).toBeGreaterThan(1000);
  });

  it('sends the primary key in no request line and in no header but Authorization', () => {
    const leaks = log
      .filter(
        ({ line, headers }) =>
          line.includes(PRIMARY) ||
          Object.entries(headers).some(
            ([name, value]) => name !== 'authorization' && String(value).includes(PRIMARY),
          ),
      )
      .map(({ line }) => line.replaceAll(PRIMARY, '$API_KEY'));
    expect(leaks).toEqual([]);
    // The probe of AUTH-KEY-ONLY-IN-HEADER ran, with the low-limit key in the URL instead.
    expect(log.some(({ line }) => line.includes(`api_key=${keyOf('low-limit')}`))).toBe(true);
    expect(run.results.find((r) => r.id === 'AUTH-KEY-ONLY-IN-HEADER')?.status).toBe('pass');
  });

  it('writes no key of any kind to the console or the reports', () => {
    const files = readdirSync(reportDir);
    expect(files).toEqual(expect.arrayContaining(['conformance.json', 'junit.xml', 'conformance.html']));
    const texts = [run.output, ...files.map((file) => readFileSync(join(reportDir, file), 'utf8'))];
    for (const key of EVERY_KEY) {
      expect(texts.filter((text) => text.includes(key)).length).toBe(0);
    }
  });
});
