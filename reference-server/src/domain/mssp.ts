import type { GameRecord } from '../../../fixtures/src/model.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { ok, type DomainResult } from './domain-result.ts';
import { formatUtcTimestamp } from './utc-format.ts';

export type MsspResponse = components['schemas']['MsspResponse'];
export type MsspValues = Record<string, string | number | boolean>;

/**
 * Variables the MSSP specification defines as numbers (keys already normalized):
 * the official counters, the world-size counters behind the statistics metrics, and
 * ports. SSL carries the TLS port (or 1/0), so it is a number rather than a flag.
 */
export const MSSP_NUMERIC_KEYS: ReadonlySet<string> = new Set([
  'players',
  'uptime',
  'crawl_delay',
  'created',
  'minimum_age',
  'port',
  'ssl',
  'areas',
  'helpfiles',
  'mobiles',
  'objects',
  'rooms',
  'classes',
  'levels',
  'races',
  'skills',
  'dbsize',
  'exits',
  'extra_descriptions',
  'mudprogs',
  'mudtrigs',
  'resets',
]);

/** Variables the MSSP specification defines as 0/1 capability flags (protocols, commerce, hiring, features). */
export const MSSP_FLAG_KEYS: ReadonlySet<string> = new Set([
  'ansi',
  'gmcp',
  'mccp',
  'mcp',
  'msdp',
  'msp',
  'mxp',
  'pueblo',
  'utf_8',
  'vt100',
  'xterm_256_colors',
  'xterm_true_colors',
  'atcp',
  'zmp',
  'pay_to_play',
  'pay_for_perks',
  'hiring_builders',
  'hiring_coders',
  'adult_material',
  'multiclassing',
  'newbie_friendly',
  'player_cities',
  'player_clans',
  'player_crafting',
  'player_guilds',
]);

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `XTERM 256 COLORS` → `xterm_256_colors`, `UTF-8` → `utf_8` (D44): lower case, runs of non-alphanumerics → one `_`. */
export function normalizeMsspKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function normalizeValue(
  key: string,
  value: string,
  numericKeys: ReadonlySet<string>,
): string | number | boolean {
  if (numericKeys.has(key) && DECIMAL.test(value)) return Number(value);
  if (MSSP_FLAG_KEYS.has(key) && (value === '0' || value === '1')) return value === '1';
  return value;
}

/**
 * Raw MSSP variables (upper-case names, string values, as crawled) → the snapshot's
 * `values` (D44): normalized keys; known numeric variables as JSON numbers, known
 * capability flags as booleans, anything else (or unparseable) stays a string.
 * `-1` and empty values mean "not reported" in MSSP and are omitted. Of two names that
 * normalize to the same key, the first wins. `numericKeys` are the variables read as
 * numbers: MSSP_NUMERIC_KEYS unless a caller says otherwise.
 */
export function normalizeMssp(
  raw: Readonly<Record<string, string>>,
  numericKeys: ReadonlySet<string> = MSSP_NUMERIC_KEYS,
): MsspValues {
  // A Map, not `key in object`: names such as CONSTRUCTOR must not collide with Object.prototype.
  const values = new Map<string, string | number | boolean>();
  for (const [name, rawValue] of Object.entries(raw)) {
    const key = normalizeMsspKey(name);
    const value = rawValue.trim();
    if (key === '' || values.has(key) || value === '' || value === '-1') continue;
    values.set(key, normalizeValue(key, value, numericKeys));
  }
  return Object.fromEntries(values);
}

/**
 * GET /games/{gameId}/mssp (§2 "MSSP snapshot", §3): the newest snapshot, or `data`
 * null with `mssp_not_available`. Not suppressed for web-only games (D4), and
 * available for archived games (§4).
 */
export function msspSnapshot(game: GameRecord): DomainResult<MsspResponse> {
  // Generated games write the snapshot when it is read: read it once.
  const raw = game.msspRaw;
  // §3: no snapshot is data null, not an empty one.
  if (raw === null || game.msspCollectedAt === null) {
    return ok({ data: null, meta: { game_id: game.id, status: 'mssp_not_available' } });
  }
  return ok({
    // §2: collected_at is a timestamp string (§1.4), not the stored epoch seconds.
    data: { collected_at: formatUtcTimestamp(game.msspCollectedAt), values: normalizeMssp(raw) },
    meta: { game_id: game.id, status: 'available' },
  });
}
