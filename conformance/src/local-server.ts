/**
 * Without `--base-url` the suite tests the reference server, started in-process on
 * 127.0.0.1 (free port) with the bundled keys: the high-limit `conformance` key as the
 * primary key, `low-limit`, `day-limited` and `revoked` as those keys. Loaded lazily so
 * that testing a remote deployment never needs the server's code.
 */
export interface LocalServer {
  baseUrl: string;
  keys: { primary: string; lowLimit?: string; dayLimited?: string; revoked?: string };
  lowLimitPerMinute?: number;
  lowLimitPerDay?: number;
  dayLimitedPerDay?: number;
  dayLimitedPerMinute?: number;
  /** The primary key's limits. */
  primaryPerMinute?: number;
  primaryPerDay?: number;
  /** Games whose statistics are not ready (D15), as a user would name them: a black box cannot tell. */
  statisticsPendingGameId?: number;
  statisticsUnavailableGameId?: number;
  close(): Promise<void>;
}

export const LOCAL_DATASET_SEED = 1;
export const LOCAL_GAMES = 500;

export async function startLocalServer(): Promise<LocalServer> {
  const { startReferenceServer } = await import('../../reference-server/src/launch.ts');
  const server = await startReferenceServer({ seed: LOCAL_DATASET_SEED, games: LOCAL_GAMES });
  const { conformance, demo, 'low-limit': lowLimit, 'day-limited': dayLimited, revoked } = server.keyRecords;
  const primary = conformance ?? demo;
  if (!primary) {
    await server.close();
    throw new Error('fixtures/keys.json has no conformance key');
  }
  const local: LocalServer = {
    baseUrl: server.baseUrl,
    keys: { primary: primary.key },
    primaryPerMinute: primary.per_minute,
    primaryPerDay: primary.per_day,
    close: () => server.close(),
  };
  if (lowLimit) {
    local.keys.lowLimit = lowLimit.key;
    local.lowLimitPerMinute = lowLimit.per_minute;
    local.lowLimitPerDay = lowLimit.per_day;
  }
  if (dayLimited) {
    local.keys.dayLimited = dayLimited.key;
    local.dayLimitedPerDay = dayLimited.per_day;
    local.dayLimitedPerMinute = dayLimited.per_minute;
  }
  if (revoked?.revoked) local.keys.revoked = revoked.key;
  const active = server.dataset.games.filter((game) => game.archiveReason === null);
  const pending = active.find((game) => game.statisticsState === 'pending_long_ranges');
  const unavailable = active.find((game) => game.statisticsState === 'unavailable');
  if (pending) local.statisticsPendingGameId = pending.id;
  if (unavailable) local.statisticsUnavailableGameId = unavailable.id;
  return local;
}
