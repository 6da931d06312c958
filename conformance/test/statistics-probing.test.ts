/**
 * Proof for the statistics checks that are `must` because the suite probes the names §4
 * leaves open (conformance/checks/statistics/support/probe-names.ts):
 *
 * - a legitimate server with other names — a proxy in front of the reference server that
 *   renames the selectors, the zone parameter and every point and cell field, nests the
 *   points and numbers weekdays 0–6 — passes every statistics `must` check with no profile;
 * - each new or raised `must` check fails against a server that breaks its rule: a
 *   deliberate fault of the reference server, or the renaming proxy rewriting one answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference-server/src/launch.ts';
import { runCli } from '../src/cli.ts';
import type { CheckResult } from '../src/core/check.ts';
import { METRICS } from '../src/core/statistics-metrics.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

/** Few cases: each failing case below shows up in the first ones; the full depth is the CLI's. */
const RUNS = 10;
const TIMEOUT_MS = 180_000;

/** How a legitimate server may name and shape what §4 leaves open (D6, D7, D12). */
interface Naming {
  /** Its parameter name → the reference server's. */
  params: Record<string, string>;
  /** Reference field → its field, for points and cells. */
  point: Record<string, string>;
  cell: Record<string, string>;
  /** Points under `data.points` instead of `data`. */
  nested: boolean;
  /** Refuses a parameter it does not know with 422 invalid_statistics_query instead of ignoring it. */
  strict: boolean;
}

/** Words a reader would recognise, points nested, weekdays 0 = Sunday … 6. */
const RENAMED: Naming = {
  params: { type: 'metric', interval: 'resolution', tz: 'timezone' },
  point: { date: 't', count: 'samples', average: 'mean', min: 'low', max: 'high' },
  cell: { weekday: 'day', hour: 'hour_of_day', count: 'observations', average: 'mean' },
  nested: true,
  strict: false,
};

/** Names that say nothing (only the values tell the fields apart) and unknown parameters refused. */
const OPAQUE_STRICT: Naming = {
  params: { metrics: 'metric', granularity: 'resolution', time_zone: 'timezone' },
  point: { date: 'k1', count: 'k2', average: 'k3', min: 'k4', max: 'k5' },
  cell: { weekday: 'c1', hour: 'c2', count: 'c3', average: 'c4' },
  nested: false,
  strict: true,
};

type Json = Record<string, unknown>;

/** One misbehaviour on top of the naming (a broken rule), or none. */
interface Breakage {
  /** Rewrites the upstream query (reference names) before it is sent. */
  request?(path: string, query: URLSearchParams): void;
  /** Rewrites the answer (status and body, in the renamed form) before it is returned. */
  response?(path: string, status: number, body: Json): { status: number; body: Json };
}

const rename = (item: Json, names: Record<string, string>): Json =>
  Object.fromEntries(Object.entries(item).map(([key, value]) => [names[key] ?? key, value]));

/** The reference server's answer in the other server's form (a legitimate other naming). */
function renamedBody(naming: Naming, path: string, body: Json): Json {
  if (!Array.isArray(body.data)) return body;
  if (path.endsWith('/statistics')) {
    const points = (body.data as Json[]).map((p) => rename(p, naming.point));
    return { data: naming.nested ? { points } : points, meta: body.meta };
  }
  if (path.endsWith('/activity-pattern')) {
    // Weekdays 0 = Sunday … 6 = Saturday instead of ISO 1–7.
    const cells = (body.data as Json[]).map((c) =>
      rename({ ...c, weekday: (c.weekday as number) % 7 }, naming.cell),
    );
    return { ...body, data: cells };
  }
  return body;
}

const refused = (name: string): Json => ({
  error: { code: 'invalid_statistics_query', message: `Unknown parameter '${name}'.` },
  request_id: 'proxy',
});

async function startProxy(
  upstream: string,
  naming: Naming,
  breakage: Breakage = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      const statistics = /\/(statistics|activity-pattern)$/.test(url.pathname);
      const query = new URLSearchParams();
      let unknown: string | undefined;
      for (const [key, value] of url.searchParams) {
        const known = naming.params[key] ?? (key === 'from' || key === 'to' ? key : undefined);
        if (!statistics) query.append(key, value);
        else if (known !== undefined) query.append(known, value);
        else unknown ??= key; // the other server ignores our names, or refuses them
      }
      if (statistics && naming.strict && unknown !== undefined) {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refused(unknown)));
        return;
      }
      if (statistics) breakage.request?.(url.pathname, query);
      const search = query.toString();
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && key !== 'host') headers[key] = value;
      }
      const answer = await fetch(`${upstream}${url.pathname}${search ? `?${search}` : ''}`, {
        method: req.method ?? 'GET',
        headers,
      });
      const text = await answer.text();
      let status = answer.status;
      let out = text;
      if (statistics && answer.headers.get('content-type')?.includes('json')) {
        let body = renamedBody(naming, url.pathname, JSON.parse(text) as Json);
        if (breakage.response) ({ status, body } = breakage.response(url.pathname, status, body));
        out = JSON.stringify(body);
      }
      answer.headers.forEach((value, key) => {
        if (key !== 'content-length' && key !== 'content-encoding' && key !== 'transfer-encoding') {
          res.setHeader(key, value);
        }
      });
      res.writeHead(status);
      res.end(out);
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let reference: ReferenceServer;

beforeAll(async () => {
  reference = await startReferenceServer();
});
afterAll(async () => {
  await reference.close();
});

/** Runs the CLI (statistics area or one check) against a proxy with `breakage`, with no profile. */
async function runThroughProxy(
  breakage: Breakage,
  naming: Naming = RENAMED,
  only = 'statistics',
  extra: string[] = [],
  runs = RUNS,
): Promise<CheckResult[]> {
  const proxy = await startProxy(new URL(reference.baseUrl).origin, naming, breakage);
  const reportDir = mkdtempSync(join(tmpdir(), 'statistics-probing-'));
  try {
    let output = '';
    const exitCode = await runCli(
      [
        '--base-url',
        proxy.baseUrl,
        '--report-dir',
        reportDir,
        '--seed',
        '20261122',
        '--runs',
        String(runs),
        '--quiet',
        '--only',
        only,
        ...extra,
      ],
      {
        stdout: (text) => (output += text),
        stderr: (text) => (output += text),
        env: { GAMEDIR_API_KEY: reference.keyRecords['conformance']!.key },
        cwd: process.cwd(),
      },
    );
    expect(exitCode, output).not.toBe(2);
    return (
      JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: CheckResult[] }
    ).results;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
    await proxy.close();
  }
}

const statusOf = (results: CheckResult[], id: string) => results.find((r) => r.id === id)?.status;
/** Must checks that did not pass or skip (a skip is a missing precondition, e.g. no hint given). */
const mustBroken = (results: CheckResult[]) =>
  results
    .filter((r) => r.level === 'must' && r.status !== 'pass' && r.status !== 'skipped')
    .map((r) => `${r.id}: ${r.status} ${r.reason ?? r.failure?.message ?? ''}`);

/** The must checks that need the probed names: a wrong probe would skip or fail them. */
const PROBED = [
  'STATISTICS-POINT-FIELDS',
  'STATISTICS-NULL-NOT-ZERO',
  'STATISTICS-MIN-AVERAGE-MAX',
  'STATISTICS-POINT-CAP',
  'STATISTICS-POINT-CAP-EDGE',
  'STATISTICS-RAW-SPAN',
  'STATISTICS-INVALID-SELECTOR',
  'STATISTICS-ACTIVITY-WEEK-GRID',
  'STATISTICS-ACTIVITY-NULL-AVERAGE',
  'STATISTICS-ACTIVITY-INVALID-TIMEZONE',
  // Weekdays numbered 0 = Sunday by the proxy: the UTC answer fixes the numbering's first day.
  'STATISTICS-ACTIVITY-ZONE-DAY',
];

describe('statistics must checks find the names themselves', () => {
  it('pass against the reference server', { timeout: TIMEOUT_MS }, async () => {
    const run = await runSuiteAgainstReference({ only: 'statistics', runs: RUNS });
    expect(mustBroken(run.results)).toEqual([]);
    for (const id of PROBED) expect(statusOf(run.results, id), id).toBe('pass');
  });

  it(
    'pass against a server with other names, nesting and weekday numbering, with no profile',
    { timeout: TIMEOUT_MS },
    async () => {
      const results = await runThroughProxy({});
      expect(mustBroken(results)).toEqual([]);
      for (const id of PROBED) expect(statusOf(results, id), id).toBe('pass');
      // The profile checks still notice the names differ from the default profile's.
      expect(statusOf(results, 'STATISTICS-SCHEMA')).toBe('fail');
    },
  );

  it(
    'never fail a server whose names say nothing and which refuses unknown parameters',
    { timeout: TIMEOUT_MS },
    async () => {
      const results = await runThroughProxy({}, OPAQUE_STRICT);
      expect(mustBroken(results)).toEqual([]);
      // Parameters and cells are told by what they change and hold; the points' count and
      // aggregates may not be (a skip naming statistics.fields), never a failure.
      for (const id of [
        'STATISTICS-POINT-CAP',
        'STATISTICS-POINT-CAP-EDGE',
        'STATISTICS-RAW-SPAN',
        'STATISTICS-INVALID-SELECTOR',
        'STATISTICS-ACTIVITY-WEEK-GRID',
        'STATISTICS-ACTIVITY-NULL-AVERAGE',
        'STATISTICS-ACTIVITY-INVALID-TIMEZONE',
      ]) {
        expect(statusOf(results, id), id).toBe('pass');
      }
      for (const id of PROBED) expect(['pass', 'skipped'], id).toContain(statusOf(results, id));
    },
  );
});

describe('each probed must check fails when its rule is broken', () => {
  it.each([
    ['stats-average-as-text', 'STATISTICS-POINT-FIELDS'],
    ['stats-zero-for-missing', 'STATISTICS-NULL-NOT-ZERO'],
    ['stats-min-max-swapped', 'STATISTICS-MIN-AVERAGE-MAX'],
    ['stats-point-cap-ignored', 'STATISTICS-POINT-CAP'],
    ['activity-hours-one-based', 'STATISTICS-ACTIVITY-WEEK-GRID'],
    ['activity-pattern-167-cells', 'STATISTICS-ACTIVITY-WEEK-GRID'],
    ['activity-null-threshold-2', 'STATISTICS-ACTIVITY-NULL-AVERAGE'],
    ['invalid-timezone-accepted', 'STATISTICS-ACTIVITY-INVALID-TIMEZONE'],
  ])('fault %s fails %s', { timeout: TIMEOUT_MS }, async (fault, id) => {
    const run = await runSuiteAgainstReference({ faults: [fault], only: id, runs: RUNS });
    expect(statusOf(run.results, id)).toBe('fail');
  });

  const breakages: Array<[string, string, Breakage]> = [
    [
      'an unlisted metric falls back to the default',
      'STATISTICS-INVALID-SELECTOR',
      {
        request: (_path, query) => {
          const metric = query.get('metric');
          if (metric !== null && !(METRICS as readonly string[]).includes(metric)) query.delete('metric');
          const resolution = query.get('resolution');
          if (resolution !== null && !['raw', 'hourly', 'daily', 'weekly', 'monthly'].includes(resolution))
            query.delete('resolution');
        },
      },
    ],
    [
      'raw over several days is answered hourly',
      'STATISTICS-RAW-SPAN',
      {
        request: (_path, query) => {
          if (query.get('resolution') === 'raw' && query.get('from') !== query.get('to'))
            query.set('resolution', 'hourly');
        },
      },
    ],
    [
      'an unknown time zone is read as UTC',
      'STATISTICS-ACTIVITY-INVALID-TIMEZONE',
      {
        request: (_path, query) => {
          const zone = query.get('timezone');
          if (zone !== null && !Intl.supportedValuesOf('timeZone').includes(zone) && zone !== 'UTC')
            query.delete('timezone');
        },
      },
    ],
    [
      // The probe finds the zone's name by an invalid zone refused (no valid zone changes the
      // cells): the zone checks judge it instead of skipping for want of the name.
      'a valid time zone is checked, then ignored (the cells always UTC)',
      'STATISTICS-ACTIVITY-ZONE-SHIFT',
      {
        request: (_path, query) => {
          const zone = query.get('timezone');
          if (zone !== null && (Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC'))
            query.set('timezone', 'UTC');
        },
      },
    ],
    [
      'an activity range of any length is served (clipped to 90 days)',
      'STATISTICS-ACTIVITY-RANGE-LIMIT',
      {
        request: (path, query) => {
          const from = query.get('from');
          const to = query.get('to');
          if (!path.endsWith('/activity-pattern') || from === null || to === null) return;
          const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
          if (days > 89)
            query.set('from', new Date(Date.parse(to) - 89 * 86_400_000).toISOString().slice(0, 10));
        },
      },
    ],
    [
      'an unknown game answers 200 with no points',
      'STATISTICS-NOT-FOUND',
      {
        response: (_path, status, body) =>
          status === 404 ? { status: 200, body: { data: [] } } : { status, body },
      },
    ],
    [
      'a 503 carries an undocumented code',
      'STATISTICS-NOT-READY-CODES',
      {
        response: (_path, status, body) =>
          status === 503
            ? { status, body: { ...body, error: { ...(body.error as Json), code: 'statistics_preparing' } } }
            : { status, body },
      },
    ],
  ];
  it.each(breakages)('%s fails %s', { timeout: TIMEOUT_MS }, async (_what, id, breakage) => {
    // Full depth for the sweep of games: the first not-ready game may sit a few games in.
    const results = await runThroughProxy(
      breakage,
      RENAMED,
      id,
      [],
      id === 'STATISTICS-NOT-READY-CODES' ? 40 : RUNS,
    );
    expect(statusOf(results, id)).toBe('fail');
  });

  it(
    'a game named unavailable that answers 200 fails STATISTICS-HINTED-NOT-READY',
    { timeout: TIMEOUT_MS },
    async () => {
      const ready = reference.dataset.games.find(
        (game) => game.statisticsState === 'ready' && game.archiveReason === null,
      )!;
      const unavailable = reference.dataset.games.find((game) => game.statisticsState === 'unavailable')!;
      const pending = reference.dataset.games.find((game) => game.statisticsState === 'pending_long_ranges')!;
      const named = (unavailableId: number) => [
        '--statistics-unavailable-game-id',
        String(unavailableId),
        '--statistics-pending-game-id',
        String(pending.id),
      ];
      expect(
        statusOf(
          await runThroughProxy({}, RENAMED, 'STATISTICS-HINTED-NOT-READY', named(unavailable.id)),
          'STATISTICS-HINTED-NOT-READY',
        ),
      ).toBe('pass');
      expect(
        statusOf(
          await runThroughProxy({}, RENAMED, 'STATISTICS-HINTED-NOT-READY', named(ready.id)),
          'STATISTICS-HINTED-NOT-READY',
        ),
      ).toBe('fail');
    },
  );
});
