/**
 * The deliberate faults of GET /games/{gameId}/mssp, applied to what domain/mssp.ts
 * answered — the correct snapshot — at the operation boundary (operations.ts). Each
 * deviation names its catalogue entry (faults.ts); with none on, the answer is
 * returned unchanged.
 */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { domainError, type DomainResult } from '../domain/domain-result.ts';
import {
  MSSP_FLAG_KEYS,
  MSSP_NUMERIC_KEYS,
  normalizeMssp,
  normalizeMsspKey,
  type MsspResponse,
} from '../domain/mssp.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { lastCrawled } from '../../../fixtures/src/samples.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import type { Deviations } from './representation.ts';

type MsspSnapshot = NonNullable<MsspResponse['data']>;

/** An MSSP body as the faults may serve it: collected_at may be epoch seconds (fault `mssp-collected-at-epoch`). */
export type ServedMssp = Omit<MsspResponse, 'data'> & {
  data: (Omit<MsspSnapshot, 'collected_at'> & { collected_at: MsspSnapshot['collected_at'] | number }) | null;
};

/** No variable read as a number. */
const NO_NUMERIC_KEYS: ReadonlySet<string> = new Set();

/** Blind fault `blind6-mssp-cache-keyed-by-route`: per server (its fault set), the answer cached and until when (ms). */
const routeCache = new WeakMap<object, { until: number; answer: DomainResult<ServedMssp> }>();
const ROUTE_CACHE_MS = 60_000;
/** Blind fault `blind8-mssp-stale-snapshot-hidden`: how far back the snapshots' view reaches. */
const RECENT_SNAPSHOT_SECONDS = 30 * 86_400;

/** The snapshot of `game` as the switched-on faults would answer it. */
export function deviateMssp(
  result: DomainResult<MsspResponse>,
  game: GameRecord,
  { faults }: Pick<Deviations, 'faults'>,
  nowMs = 0,
): DomainResult<ServedMssp> {
  // Blind fault `blind6-mssp-cache-keyed-by-route`: answers cached for a minute under `/games/{gameId}/mssp`, not the path.
  if (blindFault(faults, 'blind6-mssp-cache-keyed-by-route')) {
    const cached = routeCache.get(faults);
    if (cached !== undefined && nowMs < cached.until) return cached.answer;
    routeCache.set(faults, { until: nowMs + ROUTE_CACHE_MS, answer: result });
    return result;
  }
  // Fault `mssp-archived-404`: an archived game's snapshot is refused as an unknown game.
  if (game.archiveReason !== null && faults.has('mssp-archived-404')) {
    return domainError(404, 'game_not_found', 'No game has this id.');
  }
  if (faults.size === 0 || !('ok' in result)) return result;
  // Blind fault `blind16-mssp-raw-keys-kept`: the normalized values written into a copy of the crawled variables.
  if (blindFault(faults, 'blind16-mssp-raw-keys-kept') && result.ok.data?.values && game.msspRaw) {
    const values = Object.assign({ ...game.msspRaw }, result.ok.data.values);
    return { ok: { ...result.ok, data: { ...result.ok.data, values } } };
  }
  // Blind fault `blind15-mssp-not-available-without-game-id`: the no-snapshot branch returns its own literal, without game_id.
  if (blindFault(faults, 'blind15-mssp-not-available-without-game-id') && result.ok.data === null) {
    return { ok: { data: null, meta: { status: 'mssp_not_available' } as MsspResponse['meta'] } };
  }
  // Blind fault `blind12-mssp-collected-at-last-crawled`: the snapshot's time read from the game's last crawl.
  if (blindFault(faults, 'blind12-mssp-collected-at-last-crawled') && result.ok.data !== null) {
    const crawled = lastCrawled(game, Math.floor(nowMs / 1000));
    if (crawled !== null) {
      const data = { ...result.ok.data, collected_at: formatUtcTimestamp(crawled) };
      return { ok: { ...result.ok, data } };
    }
  }
  // Blind fault `blind10-mssp-no-snapshot-status-available`: the status computed from the game being found.
  if (blindFault(faults, 'blind10-mssp-no-snapshot-status-available') && result.ok.data === null) {
    return { ok: { ...result.ok, meta: { ...result.ok.meta, status: 'available' } } };
  }
  // Blind fault `blind9-mssp-multiword-flags-as-text`: names normalized with replace(' ', '_'), the first space only.
  const snapshot = result.ok.data;
  if (blindFault(faults, 'blind9-mssp-multiword-flags-as-text') && snapshot?.values && game.msspRaw) {
    const misread = new Map<string, [string, string]>();
    for (const [name, value] of Object.entries(game.msspRaw)) {
      const key = name.toLowerCase().replace(' ', '_').replace('-', '_');
      if (key !== normalizeMsspKey(name)) misread.set(normalizeMsspKey(name), [key, value.trim()]);
    }
    const values = Object.fromEntries(
      Object.entries(snapshot.values).map(([key, value]) => misread.get(key) ?? [key, value]),
    );
    return { ok: { ...result.ok, data: { ...snapshot, values } } };
  }
  // Blind fault `blind4-mssp-no-snapshot-404`: "no snapshot row" answered as "no such game".
  if (blindFault(faults, 'blind4-mssp-no-snapshot-404') && result.ok.data === null) {
    return domainError(404, 'game_not_found', 'No game has this id.');
  }
  // Blind fault `blind-mssp-archived-not-available`: the snapshot looked up among active listings only.
  if (blindFault(faults, 'blind-mssp-archived-not-available') && game.archiveReason !== null) {
    return { ok: { data: null, meta: { game_id: game.id, status: 'mssp_not_available' } } };
  }
  // Blind fault `blind3-mssp-web-only-suppressed`: §2 rule 2's suppression of MSSP fields applied to the snapshot itself.
  if (blindFault(faults, 'blind3-mssp-web-only-suppressed') && game.webOnly) {
    return { ok: { data: null, meta: { game_id: game.id, status: 'mssp_not_available' } } };
  }
  // Blind fault `blind8-mssp-stale-snapshot-hidden`: the snapshot read from a view of the last 30 days of snapshots.
  if (
    blindFault(faults, 'blind8-mssp-stale-snapshot-hidden') &&
    result.ok.data !== null &&
    game.msspCollectedAt !== null &&
    game.msspCollectedAt < nowMs / 1000 - RECENT_SNAPSHOT_SECONDS
  ) {
    return { ok: { data: null, meta: { game_id: game.id, status: 'mssp_not_available' } } };
  }
  let { meta } = result.ok;
  const { data } = result.ok;
  // Blind fault `blind2-mssp-game-id-as-text`: the id echoed from the path, unparsed.
  if (blindFault(faults, 'blind2-mssp-game-id-as-text')) {
    meta = { ...meta, game_id: String(game.id) as unknown as number };
  }
  if (data === null) {
    return {
      ok: {
        // Fault `mssp-not-available-empty-snapshot`: an empty snapshot in place of data null.
        data: faults.has('mssp-not-available-empty-snapshot') ? { collected_at: null, values: null } : null,
        // Fault `mssp-available-with-null-data`: the status says available although there is no snapshot.
        meta: faults.has('mssp-available-with-null-data') ? { ...meta, status: 'available' } : meta,
      },
    };
  }
  const served: NonNullable<ServedMssp['data']> = { ...data };
  // Fault `mssp-collected-at-epoch`: collected_at as the stored epoch seconds.
  if (faults.has('mssp-collected-at-epoch') && game.msspCollectedAt !== null) {
    served.collected_at = game.msspCollectedAt;
  }
  // Fault `mssp-numbers-left-as-text`: numeric variables kept as the text MSSP sent.
  if (faults.has('mssp-numbers-left-as-text') && game.msspRaw !== null) {
    served.values = normalizeMssp(game.msspRaw, NO_NUMERIC_KEYS);
  }
  // Blind fault `blind2-mssp-flags-as-numbers`: the 0/1 capability flags parsed as numbers, not booleans.
  if (blindFault(faults, 'blind2-mssp-flags-as-numbers') && served.values) {
    served.values = Object.fromEntries(
      Object.entries(served.values).map(([key, value]) => [
        key,
        MSSP_FLAG_KEYS.has(key) && typeof value === 'boolean' ? Number(value) : value,
      ]),
    );
  }
  // Blind fault `blind7-mssp-false-flags-left-as-text`: flags normalized with `value === '1' ? true : value`.
  if (blindFault(faults, 'blind7-mssp-false-flags-left-as-text') && served.values) {
    served.values = Object.fromEntries(
      Object.entries(served.values).map(([key, value]) => [
        key,
        MSSP_FLAG_KEYS.has(key) && value === false ? '0' : value,
      ]),
    );
  }
  // Blind fault `blind11-mssp-flag-zero-truthy`: flags normalized with `Boolean(text)`, and the text "0" is truthy.
  if (blindFault(faults, 'blind11-mssp-flag-zero-truthy') && served.values) {
    served.values = Object.fromEntries(
      Object.entries(served.values).map(([key, value]) => [
        key,
        MSSP_FLAG_KEYS.has(key) && value === false ? true : value,
      ]),
    );
  }
  // Blind fault `blind5-mssp-zero-values-null`: numeric values normalized as `Number(value) || null`.
  if (blindFault(faults, 'blind5-mssp-zero-values-null') && served.values) {
    served.values = Object.fromEntries(
      Object.entries(served.values).map(([key, value]) => [key, value === 0 ? null : value]),
    ) as typeof served.values;
  }
  // Blind fault `blind2-mssp-collected-at-local-time`: formatted from the server's UTC−5 wall clock, then `Z`.
  if (blindFault(faults, 'blind2-mssp-collected-at-local-time') && game.msspCollectedAt !== null) {
    served.collected_at = formatUtcTimestamp(game.msspCollectedAt - 5 * 3600);
  }
  // Blind fault `blind13-mssp-uptime-as-timestamp`: UPTIME (Unix seconds) written as a timestamp, like the API's other times.
  const uptime = served.values?.uptime;
  if (blindFault(faults, 'blind13-mssp-uptime-as-timestamp') && served.values && typeof uptime === 'number') {
    served.values = { ...served.values, uptime: formatUtcTimestamp(uptime) };
  }
  // Blind fault `blind14-mssp-text-values-lowercased`: the crawled text lower-cased as a whole before it is split.
  if (blindFault(faults, 'blind14-mssp-text-values-lowercased') && served.values) {
    served.values = Object.fromEntries(
      Object.entries(served.values).map(([key, value]) => [
        key,
        typeof value === 'string' ? value.toLowerCase() : value,
      ]),
    ) as typeof served.values;
  }
  // Blind fault `blind18-mssp-collected-at-millis`: the snapshot's time written with Date#toISOString().
  if (blindFault(faults, 'blind18-mssp-collected-at-millis') && game.msspCollectedAt !== null) {
    served.collected_at = new Date(game.msspCollectedAt * 1000).toISOString();
  }
  // Blind fault `blind18-mssp-zero-counts-as-text`: numeric values normalized as `Number(value) || value`.
  if (blindFault(faults, 'blind18-mssp-zero-counts-as-text') && served.values) {
    served.values = Object.fromEntries(
      Object.entries(served.values).map(([key, value]) => [
        key,
        MSSP_NUMERIC_KEYS.has(key) && value === 0 ? '0' : value,
      ]),
    );
  }
  return { ok: { data: served, meta } };
}
