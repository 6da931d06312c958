/**
 * `npm start` — the reference server on a port, with a generated dataset:
 *
 *   --port 8080 --host 127.0.0.1 --games 500 --seed 1 [--now ISO] [--keys FILE]
 *   [--faults a,b]   start with deliberate faults on (faults.ts; for proving the suite's checks)
 *   --list-faults    print the fault catalogue and exit
 *   [--variants a,b] start with legitimate variants on (variants.ts; other choices on open points)
 *   [--redis-url redis://host:port] keep the rate-limit counters in Redis: instances sharing it share one limit
 *   [--redis-connect-attempts 10] at start-up, one attempt a second; Redis still unreachable after
 *                    the last one: exit 1 with one message (a deploy fails visibly instead of hanging)
 *   [--public-url https://api.example.com] the origin of every link (links.*, urls.*)
 *   [--trust-proxy]  links from X-Forwarded-Proto/-Host instead (only behind a proxy that sets them)
 *   [--moving-data SECONDS]  the data moves one step every SECONDS (moving-data.ts)
 *   --list-variants  print the variant catalogue and exit
 *   [--data FILE]    serve a directory of one's own (JSON or YAML, fixtures/README.md "Data files")
 *                    instead of a generated one; an invalid file is refused whole: exit 2, every
 *                    problem on stderr with its JSON Pointer. [--data-max-mib N] its size cap
 *   [--export-data FILE] write the directory (generated, or the --data one) as a data file and exit
 *   [--start-at ISO] a running clock that starts at this instant (the dataset anchored there)
 *   [--admin-port N] the control interface (admin/, spec/admin-openapi.yaml) on its own port, off
 *                    by default (0 = any free port): clock, rate-limit counters, faults, variants, chaos
 *   [--admin-host 127.0.0.1] the interface it binds; any other than loopback needs a token
 *   [--admin-token TOKEN] (or env REFERENCE_ADMIN_TOKEN) every control request then needs
 *                    `Authorization: Bearer TOKEN` (401 otherwise); the token is never logged
 *
 * Links are built from `--public-url` when given, else from `X-Forwarded-*` with `--trust-proxy`,
 * else from the address the connection reached (the listening address) — never from `Host` (D40).
 * `--now` freezes the clock at that instant (and anchors the dataset there);
 * otherwise the clock is the system clock and the dataset is anchored at start-up.
 * Prints the base URL and the public demo key when ready; request logs are pino JSON
 * lines carrying the key's label, never the key.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Command, InvalidArgumentError, Option } from 'commander';
import { pino } from 'pino';
import { BUNDLED_KEYS_PATH, loadKeys } from '../../fixtures/src/keys.ts';
import { AdjustableClock } from './admin/adjustable-clock.ts';
import { checkAdminExposure } from './admin/admin-app.ts';
import { systemClock, type Clock } from './context.ts';
import { readDataOption, writeExportDataOption } from './data-file-option.ts';
import { BLIND_FAULTS, FAULTS, parseFaults, type AnyFaultName } from './faults.ts';
import { startReferenceServer } from './launch.ts';
import { BatchedDestination } from './log-destination.ts';
import type { RedisRateLimiter } from './redis-rate-limiter.ts';
import { BLIND_VARIANTS, parseVariants, VARIANTS, type VariantName } from './variants.ts';
import { integerOption } from './integer-option.ts';

function faultsOption(text: string): Set<AnyFaultName> {
  try {
    return parseFaults(text);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function printFaultCatalogue(): void {
  const width = Math.max(...[...FAULTS, ...BLIND_FAULTS].map((fault) => fault.name.length));
  const entry = (fault: { name: string; rule: string; description: string }) =>
    `${fault.name.padEnd(width)}  ${fault.rule}\n${' '.repeat(width + 2)}${fault.description}\n`;
  process.stdout.write(FAULTS.map(entry).join(''));
  // The blind sets (blind-faults/): written without the suite, listed apart.
  process.stdout.write(`\nBlind faults (blind-faults/, no killing check by design):\n\n`);
  process.stdout.write(BLIND_FAULTS.map(entry).join(''));
}

function variantsOption(text: string): Set<VariantName> {
  try {
    return parseVariants(text);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function printVariantCatalogue(): void {
  const width = Math.max(...VARIANTS.map((variant) => variant.name.length));
  const lines = VARIANTS.map(
    (variant) =>
      `${variant.name.padEnd(width)}  ${variant.decision}\n${' '.repeat(width + 2)}${variant.description}\n`,
  );
  process.stdout.write(lines.join(''));
  // The blind variant sets (blind-variants/): written without the suite, listed apart.
  process.stdout.write(`\nBlind variants (blind-variants/, written without the suite):\n\n`);
  const blindWidth = Math.max(...BLIND_VARIANTS.map((variant) => variant.name.length));
  process.stdout.write(
    BLIND_VARIANTS.map((variant) => `${variant.name.padEnd(blindWidth)}  ${variant.description}\n`).join(''),
  );
}

/** An http(s) origin: scheme, host and port, nothing after (the links add `/api/v1/...`). */
function publicUrlOption(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError('expected an absolute URL, e.g. https://api.example.com');
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new InvalidArgumentError('expected an http(s) origin with no path, e.g. https://api.example.com');
  }
  return url.origin;
}

function instantOption(text: string): number {
  const ms = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(ms)) {
    throw new InvalidArgumentError('expected an ISO 8601 instant, e.g. 2026-11-22T12:00:00Z');
  }
  return ms;
}

interface CliOptions {
  port: number;
  host: string;
  games: number;
  seed: number;
  now?: number;
  startAt?: number;
  adminPort?: number;
  adminHost: string;
  adminToken?: string;
  keys: string;
  faults?: Set<AnyFaultName>;
  listFaults?: boolean;
  variants?: Set<VariantName>;
  listVariants?: boolean;
  redisUrl?: string;
  redisConnectAttempts: number;
  publicUrl?: string;
  trustProxy?: boolean;
  responseCache: boolean;
  movingData?: number;
  data?: string;
  dataMaxMib?: number;
  exportData?: string;
}

/**
 * One full collection once the directory and its indexes are built (the q text included, so
 * after the server has started listening). Generating 100,000 games leaves hundreds of MB of
 * garbage and a collector mid-cycle; served at once, the first seconds of load then grew the
 * heap instead (RSS 1.8 GiB after load instead of 0.6, and a third less throughput).
 * `gc` is exposed for a fresh context only, the way Node's v8.setFlagsFromString documents.
 */
function collectStartupGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  // V8's last-resort flavour (its gc extension's options): collections until nothing more is
  // freed, compacting, and the pages they free handed back to the system instead of kept in
  // V8's pool. A regular collection left them resident: at 100,000 games RSS 283 MiB after
  // start-up against 197 MiB.
  (runInNewContext('gc') as (options: object) => void)({
    type: 'major',
    execution: 'sync',
    flavor: 'last-resort',
  });
}

async function main(): Promise<void> {
  const command = new Command()
    .name('reference-server')
    .description('In-memory reference server of the Game Directory API v1')
    .option('--port <port>', 'TCP port (0 = any free port)', integerOption(0, 65_535), 8080)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--games <n>', 'number of generated games', integerOption(0, 1_000_000), 500)
    .option('--seed <n>', 'dataset seed', integerOption(0, Number.MAX_SAFE_INTEGER), 1)
    .option('--now <iso>', 'freeze the clock at this instant (UTC)', instantOption)
    .option(
      '--start-at <iso>',
      'a running clock that starts at this instant (UTC); the control interface can move it',
      instantOption,
    )
    .option(
      '--admin-port <port>',
      'serve the control interface (spec/admin-openapi.yaml) on this port (0 = any free port); off by default',
      integerOption(0, 65_535),
    )
    .option(
      '--admin-host <host>',
      'interface the control interface binds; other than loopback only with --admin-token',
      '127.0.0.1',
    )
    .addOption(
      new Option(
        '--admin-token <token>',
        'every control request then needs "Authorization: Bearer <token>" (401 otherwise); the environment variable keeps it out of the process list',
      ).env('REFERENCE_ADMIN_TOKEN'),
    )
    .option('--keys <file>', 'API keys file', BUNDLED_KEYS_PATH)
    .option(
      '--faults <names>',
      'comma-separated deliberate faults to switch on (see --list-faults)',
      faultsOption,
    )
    .option('--list-faults', 'print the deliberate-fault catalogue and exit')
    .option(
      '--variants <names>',
      'comma-separated legitimate variants to switch on (see --list-variants)',
      variantsOption,
    )
    .option('--list-variants', 'print the legitimate-variant catalogue and exit')
    .option(
      '--redis-url <url>',
      'keep the per-key minute and day counters in Redis, so instances sharing it enforce one limit (fails closed when Redis is down)',
    )
    .option(
      '--redis-connect-attempts <n>',
      'at start-up, attempts to reach Redis one second apart, each logged; then exit 1 with one message',
      integerOption(1, 3_600),
      10,
    )
    .option(
      '--public-url <url>',
      'origin of every link in responses (links.*, urls.*), e.g. https://api.example.com; default: the address the request reached, never its Host header',
      publicUrlOption,
    )
    .option(
      '--trust-proxy',
      'build links from X-Forwarded-Proto/-Host (only behind a proxy that sets them; --public-url wins)',
    )
    .option(
      '--moving-data <seconds>',
      'let the data move while it is read, one step every N seconds of the clock (votes, edits, crawls, new reviews; deterministic): a live directory to test a client or the suite against',
      integerOption(1, 86_400),
    )
    .option(
      '--no-response-cache',
      'compute every answer, even a repeated GET within the same clock second (for measuring)',
    )
    .addOption(
      new Option(
        '--data <file>',
        'serve this directory (JSON or YAML data file, fixtures/README.md "Data files") instead of a generated one; an invalid file exits 2 listing every problem',
      ).conflicts(['games', 'seed']),
    )
    .option(
      '--data-max-mib <n>',
      'refuse a larger --data file before parsing it (default 64 for JSON, 16 for YAML)',
      integerOption(1, 1_000_000),
    )
    .option(
      '--export-data <file>',
      'write the directory (the generated one for --games/--seed/--now, or the --data one) as a data file, JSON or YAML by extension, and exit',
    )
    .parse();
  const options = command.opts<CliOptions>();

  if (options.listFaults) {
    printFaultCatalogue();
    return;
  }
  if (options.listVariants) {
    printVariantCatalogue();
    return;
  }
  const dataset =
    options.data === undefined ? undefined : await readDataOption(options.data, options.dataMaxMib);
  if (options.exportData !== undefined) {
    // The directory the server would serve: anchored where its clock would start.
    const anchor = Math.floor((options.now ?? options.startAt ?? Date.now()) / 1000);
    const { generateDataset } = await import('../../fixtures/src/generate.ts');
    await writeExportDataOption(
      dataset ?? generateDataset({ seed: options.seed, games: options.games, anchor }),
      options.exportData,
    );
    return;
  }

  // Synchronous writes (an asynchronous destination buffers lines in memory whenever the reader
  // of stdout is slower than the traffic, without bound), 4 KiB at a time: a write per request
  // line was a quarter of a request's CPU (measured: GET /tags 14,500 -> 17,800 req/s). Lines
  // wait at most 200 ms; the start-up and shutdown lines go out at once, and so does the rest
  // when the process exits. Batched in front of pino's sonic-boom (log-destination.ts).
  const logDestination = new BatchedDestination({ fd: 1, minChars: 4096, flushMs: 200 });
  const logger = pino({ name: 'reference-server' }, logDestination);
  process.once('exit', () => logDestination.flushSync());
  const frozenAt = options.now;
  if (frozenAt !== undefined && options.startAt !== undefined) {
    throw new Error('--now freezes the clock and --start-at runs it: give one of them.');
  }
  if (options.adminPort !== undefined && options.adminPort !== 0 && options.adminPort === options.port) {
    throw new Error(
      "--admin-port must differ from --port: the control interface never shares the API's port.",
    );
  }
  const tokenSource = command.getOptionValueSource('adminToken');
  if (options.adminToken !== undefined && options.adminPort === undefined) {
    // From the environment it may be meant for another run; on the command line it is a mistake.
    if (tokenSource === 'cli')
      throw new Error('--admin-token protects the control interface: give --admin-port too.');
    delete options.adminToken;
  }
  // Checked here rather than by commander, whose refusal would print the value.
  // Printable ASCII without spaces: what a Bearer header carries as it is.
  if (options.adminToken !== undefined && !/^[\x21-\x7e]{1,1024}$/.test(options.adminToken)) {
    throw new Error(
      `${tokenSource === 'env' ? 'REFERENCE_ADMIN_TOKEN' : '--admin-token'}: expected 1 to 1024 printable ASCII characters, no spaces (the value is not shown).`,
    );
  }
  if (options.adminPort !== undefined) checkAdminExposure(options.adminHost, options.adminToken);
  // A clock the control interface can move whenever it is on, or whenever it starts elsewhere than now.
  const clock: Clock =
    options.startAt !== undefined
      ? new AdjustableClock(options.startAt, true)
      : options.adminPort !== undefined
        ? frozenAt === undefined
          ? AdjustableClock.realTime()
          : new AdjustableClock(frozenAt, false)
        : frozenAt === undefined
          ? systemClock
          : { now: () => frozenAt };
  const keys = loadKeys(options.keys);
  const faults = options.faults ?? new Set<AnyFaultName>();
  const variants = options.variants ?? new Set<VariantName>();
  // Loaded only when asked for: the Redis client is a fifth of the server's code in memory.
  const redis: RedisRateLimiter | undefined =
    options.redisUrl === undefined
      ? undefined
      : new (await import('./redis-rate-limiter.ts')).RedisRateLimiter({ url: options.redisUrl, logger });
  // Bounded (issue #22): without the shared limit this instance would not be one of a group; exit 1
  // (main's catch) so a deploy fails visibly rather than serve 500s or hang before listening.
  await redis?.ready({ attempts: options.redisConnectAttempts });
  const server = await startReferenceServer({
    ...(redis ? { rateLimitStore: redis } : {}),
    host: options.host,
    port: options.port,
    seed: options.seed,
    games: options.games,
    ...(dataset ? { dataset } : {}),
    keys,
    clock,
    logger,
    faults,
    variants,
    responseCache: options.responseCache,
    ...(options.movingData === undefined ? {} : { movingData: { periodSeconds: options.movingData } }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    trustProxy: options.trustProxy === true,
    ...(options.adminPort === undefined
      ? {}
      : {
          admin: {
            host: options.adminHost,
            port: options.adminPort,
            ...(options.adminToken === undefined ? {} : { token: options.adminToken }),
          },
        }),
  });

  const demo = keys.find((key) => key.label === 'demo' && !key.revoked);
  // Before the API's line, which is what scripts wait for: both are there once it is.
  if (server.adminUrl) {
    const auth = options.adminToken === undefined ? '' : ' (Authorization: Bearer token required)';
    process.stdout.write(`Control interface (not for production): ${server.adminUrl}${auth}\n`);
  }
  process.stdout.write(`Game Directory API reference server: ${server.baseUrl}\n`);
  if (demo) process.stdout.write(`Demo key (public): ${demo.key}\n`);
  if (faults.size > 0) {
    process.stdout.write(`Deliberate faults on (not a conforming server): ${[...faults].join(', ')}\n`);
  }
  if (variants.size > 0) {
    process.stdout.write(`Legitimate variants on: ${[...variants].join(', ')}\n`);
  }
  logger.info(
    {
      base_url: server.baseUrl,
      links_origin:
        options.publicUrl ?? (options.trustProxy ? 'X-Forwarded-Proto/-Host' : 'the address reached'),
      games: server.dataset.games.length,
      seed: options.seed,
      ...(options.data === undefined ? {} : { data_file: options.data }),
      frozen_clock: frozenAt !== undefined,
      ...(options.startAt === undefined ? {} : { clock_started_at: new Date(options.startAt).toISOString() }),
      ...(server.adminUrl
        ? {
            admin_url: server.adminUrl,
            admin_auth: options.adminToken === undefined ? 'none' : 'bearer token',
          }
        : {}),
      faults: [...faults],
      variants: [...variants],
    },
    'listening',
  );
  logDestination.flushSync();
  // The sort orders, q text and review listing build between requests after listening; then
  // start-up's garbage goes at once.
  const listening = performance.now();
  void server.warm.then((summariesKept) => {
    collectStartupGarbage();
    logger.info(
      { after_listening_ms: Math.round(performance.now() - listening), summaries_kept: summariesKept },
      'search index built',
    );
    logDestination.flushSync();
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    Promise.all([server.close(), redis?.close()]).then(
      () => {
        logDestination.flushSync();
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'close failed');
        logDestination.flushSync();
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
