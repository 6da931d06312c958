/**
 * `--data FILE` and `--export-data FILE` (fixtures/README.md "Data files"): a generated directory
 * exported and loaded back is served byte for byte as generated, on every endpoint; the
 * hand-written example serves; the CLI exports, refuses a broken file with exit 2, and serves a good one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataFile } from '../../fixtures/src/data-file-load.ts';
import { dataFileChunks } from '../../fixtures/src/data-file-write.ts';
import { generateDataset } from '../../fixtures/src/generate.ts';
import { loadKeys } from '../../fixtures/src/keys.ts';
import type { Dataset } from '../../fixtures/src/model.ts';
import { startReferenceServer, type ReferenceServer } from '../src/launch.ts';
import { ANCHOR_SECONDS, KEYS, ManualClock, startCli, startTestServer } from './harness.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE_PATH = fileURLToPath(new URL('../../fixtures/examples/small-directory.yaml', import.meta.url));
const PUBLIC_URL = 'https://api.example.test';
const ROUND_TRIP_GAMES = 250;
const scratch = mkdtempSync(join(tmpdir(), 'data-file-server-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The same directory served three times: as generated, and loaded back from its JSON and its YAML export. */
const servers: Record<'generated' | 'json' | 'yaml', ReferenceServer | undefined> = {
  generated: undefined,
  json: undefined,
  yaml: undefined,
};
let generated: Dataset;

/** The sample of requests: every endpoint, with filters, sorts, q, paging, and errors. */
function sampleRequests(dataset: Dataset): string[] {
  const active = dataset.games.filter((game) => game.archiveReason === null);
  const pick = (predicate: (game: Dataset['games'][number]) => boolean) => dataset.games.find(predicate)!.id;
  const gameIds = [
    ...new Set([
      active[0]!.id,
      pick((game) => game.archiveReason === 'non_connectivity'),
      pick((game) => game.archiveReason === 'admin_disabled'),
      pick((game) => game.webOnly && game.msspCollectedAt !== null),
      pick((game) => game.webOnly && game.msspCollectedAt === null),
      pick((game) => !game.webOnly && game.archiveReason === null && game.crawlStart === null),
      pick((game) => game.archiveReason === null && game.crawlEnd !== null),
      pick((game) => game.statisticsState === 'pending_long_ranges'),
      pick((game) => game.statisticsState === 'unavailable'),
      pick((game) => game.outages.length > 2),
    ]),
  ];
  const [theme, codebase] = [dataset.taxonomy.groups[5]!, dataset.taxonomy.groups[2]!];
  const reviewedGame = dataset.reviews.at(-1)!.gameId;
  const games = [
    '/games',
    '/games?page=2&per_page=50',
    '/games?page=99',
    ...['top_voted', 'newest', 'oldest', 'recently_online', 'most_reviewed', 'not-a-sort'].map(
      (sort) => `/games?sort=${sort}&per_page=50`,
    ),
    '/games?q=dragons',
    '/games?q=crafting%20tutorial&sort=newest',
    '/games?connection_type=web_only&per_page=50',
    '/games?connection_type=mud_client&online_recently=1&sort=recently_online',
    '/games?has_reviews=1&sort=most_reviewed',
    '/games?recently_updated=1',
    `/games?theme_tag_id[]=${theme.values[0]!.id}&theme_tag_id[]=${theme.values[1]!.id}&per_page=50`,
    `/games?codebase_tag_id=${codebase.values[0]!.id}&has_reviews=1`,
    '/games?connection_type=web_only&online_recently=1',
  ];
  const perGame = gameIds.flatMap((id) => [
    `/games/${id}`,
    `/games/${id}/mssp`,
    `/games/${id}/players`,
    `/games/${id}/players?granularity=raw&from=2026-11-15&to=2026-11-22`,
    `/games/${id}/players?granularity=daily&from=2025-12-01&to=2026-11-22`,
    `/games/${id}/statistics`,
    `/games/${id}/statistics?metric=rooms&resolution=weekly&from=2026-01-01&to=2026-11-22`,
    `/games/${id}/statistics?metric=players&resolution=raw&from=2026-11-21&to=2026-11-21`,
    `/games/${id}/activity-pattern`,
    `/games/${id}/activity-pattern?timezone=Europe/Paris&from=2026-09-01&to=2026-11-22`,
  ]);
  const reviewIds = [
    dataset.reviews[0]!.id,
    dataset.reviews[dataset.reviews.length >> 1]!.id,
    dataset.reviews.at(-1)!.id,
  ];
  const reviews = [
    '/reviews',
    '/reviews?page=2&per_page=50',
    `/reviews?game_id=${reviewedGame}`,
    `/reviews?game_id=${gameIds[1]}`,
    ...reviewIds.map((id) => `/reviews/${id}`),
    `/reviews/${dataset.reviews.at(-1)!.id + 1000}`,
  ];
  const missingGame = dataset.games.at(-1)!.id + 1;
  return [...games, ...perGame, `/games/${missingGame}`, ...reviews, '/tags'];
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

async function fetchAnswer(server: ReferenceServer, path: string): Promise<Answer> {
  const response = await request(`${server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${KEYS.high.key}` },
  });
  const headers: Record<string, unknown> = { ...response.headers };
  // A fresh id per request (D38), in the header and in error bodies: the one part never the same.
  delete headers['x-request-id'];
  const body = (await response.body.text()).replace(/"request_id":"[^"]*"/, '"request_id":"…"');
  return { status: response.statusCode, headers, body };
}

beforeAll(async () => {
  generated = generateDataset({ seed: 5, games: ROUND_TRIP_GAMES, anchor: ANCHOR_SECONDS });
  const options = { keys: Object.values(KEYS), publicUrl: PUBLIC_URL };
  const fromFile = (syntax: 'json' | 'yaml') =>
    parseDataFile([...dataFileChunks(generated, syntax)].join(''), syntax, `export.${syntax}`);
  servers.generated = await startReferenceServer({
    ...options,
    dataset: generated,
    clock: new ManualClock(),
  });
  servers.json = await startReferenceServer({
    ...options,
    dataset: fromFile('json'),
    clock: new ManualClock(),
  });
  servers.yaml = await startReferenceServer({
    ...options,
    dataset: fromFile('yaml'),
    clock: new ManualClock(),
  });
  await Promise.all(Object.values(servers).map((server) => server!.warm));
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server?.close()));
});

describe('export → load round trip', () => {
  it('serves every sampled request byte-identically, headers included', async () => {
    const paths = sampleRequests(generated);
    const statuses = new Map<number, number>();
    const operations = new Set<string>();

    for (const path of paths) {
      const expected = await fetchAnswer(servers.generated!, path);
      const fromJson = await fetchAnswer(servers.json!, path);
      const fromYaml = await fetchAnswer(servers.yaml!, path);

      expect(fromJson, `${path} (JSON export)`).toEqual(expected);
      expect(fromYaml, `${path} (YAML export)`).toEqual(expected);
      statuses.set(expected.status, (statuses.get(expected.status) ?? 0) + 1);
      operations.add(path.split('?')[0]!.replace(/\d+/g, '{id}'));
    }

    // The sample reaches every endpoint, and answers of every kind.
    expect([...operations].sort()).toEqual([
      '/games',
      '/games/{id}',
      '/games/{id}/activity-pattern',
      '/games/{id}/mssp',
      '/games/{id}/players',
      '/games/{id}/statistics',
      '/reviews',
      '/reviews/{id}',
      '/tags',
    ]);
    expect([...statuses.keys()].sort()).toEqual([200, 404, 422, 503]);
    expect(paths.length).toBeGreaterThanOrEqual(118);
  }, 120_000);
});

describe('the hand-written example', () => {
  it('serves its games, reviews and snapshot as the API describes them', async () => {
    const { loadDataFile } = await import('../../fixtures/src/data-file-load.ts');
    const server = await startTestServer({ dataset: loadDataFile(EXAMPLE_PATH) });
    try {
      const list = await server.get('/games?sort=newest');
      const archived = await server.get('/games/7');
      const webOnly = await server.get('/games/2');
      const mssp = await server.get('/games/1/mssp');
      const review = await server.get('/reviews/13');
      const players = await server.get('/games/1/players?granularity=raw&from=2026-11-21&to=2026-11-21');

      expect(list.body.data.map((game: { id: number }) => game.id)).toEqual([2, 4, 1]);
      expect(list.body.meta.total).toBe(3);
      expect(archived.body.data.status).toMatchObject({ archived: true, archive_reason: 'non_connectivity' });
      expect(webOnly.body.data.urls.play).toBe('https://starfall.example.org');
      expect(webOnly.body.data.connection).toEqual({
        host: null,
        port: null,
        tls_port: null,
        mssp_port: null,
      });
      expect(mssp.body.data.values).toMatchObject({
        name: 'Shattered Realms',
        players: 42,
        ansi: true,
        gmcp: false,
      });
      expect(review.body.data.game).toEqual({ id: 7, name: 'The Last Bastion', archived: true });
      expect(players.body.data).toHaveLength(48);
    } finally {
      await server.close();
    }
  });
});

/** The CLI run to its end: exit status and output. */
function runCli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'reference-server/src/cli.ts', ...args],
      { cwd: REPO_ROOT },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

describe('the CLI', () => {
  it('--export-data writes the generated directory for --games, --seed and --now, then exits', async () => {
    const path = join(scratch, 'export.json');

    const run = await runCli([
      '--games',
      '40',
      '--seed',
      '2',
      '--now',
      '2026-11-22T12:00:00Z',
      '--export-data',
      path,
    ]);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Wrote 40 games and \d+ reviews to .*export\.json\n$/);
    const dataset = generateDataset({ seed: 2, games: 40, anchor: ANCHOR_SECONDS });
    expect(readFileSync(path, 'utf8')).toBe([...dataFileChunks(dataset, 'json')].join(''));
  }, 60_000);

  it('--data refuses a broken file with exit 2, naming every problem by its path', async () => {
    const path = join(scratch, 'broken.yaml');
    const example = readFileSync(EXAMPLE_PATH, 'utf8');
    writeFileSync(
      path,
      example
        .replace('rating: 5', 'rating: 6')
        .replace('{ listed: 2024-07-01T00:00:00Z }', '{ listed: 2024-07-01 }'),
    );

    const run = await runCli(['--data', path]);

    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `${path}: invalid data file (2 problems):\n` +
        '  /games/0/reviews/0/rating: must be <= 5\n' +
        '  /games/1/dates/listed: must be a UTC timestamp YYYY-MM-DDThh:mm:ssZ, e.g. 2026-11-22T12:00:00Z\n',
    );
  }, 60_000);

  it('--data serves the file', async () => {
    const { cli, baseUrl } = await startCli([
      '--port',
      '0',
      '--data',
      EXAMPLE_PATH,
      '--now',
      '2026-11-22T12:00:00Z',
    ]);
    try {
      const demo = loadKeys().find((key) => key.label === 'demo')!;
      const response = await request(`${baseUrl}/games/4`, {
        headers: { authorization: `Bearer ${demo.key}` },
      });
      const body = (await response.body.json()) as { data: { name: string } };

      expect(response.statusCode).toBe(200);
      expect(body.data.name).toBe('Kingdoms of Ash');
    } finally {
      cli.kill('SIGKILL');
    }
  }, 60_000);
});
