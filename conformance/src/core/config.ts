/**
 * The suite's configuration: command-line flags over environment variables over a config
 * file (`--config FILE`, else `gamedir-conformance.config.{yaml,yml,json}` in the working
 * directory), over defaults. One table below lists every setting once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_DAY_SHARE_PERCENT } from './budget.ts';

/** Bad configuration: exit code 2 with this message. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface SuiteConfig {
  baseUrl?: string;
  apiKey?: string;
  /** The primary key's configured per-minute limit, as its owner sees it in the account console. */
  apiKeyPerMinute?: number;
  lowLimitKey?: string;
  lowLimitPerMinute?: number;
  lowLimitPerDay?: number;
  dayLimitedKey?: string;
  dayLimitedPerDay?: number;
  dayLimitedPerMinute?: number;
  revokedKey?: string;
  /**
   * Which key `AUTH-KEY-ONLY-IN-HEADER` puts in URLs, other headers and a cookie: the low-limit
   * key (the default; the check skips without one), the primary key (only when the user says so:
   * it then lands in the access logs of the server and of everything in front of it), or none.
   */
  probeKeyElsewhere: KeyElsewhereProbe;
  archivedGameId?: number;
  archivedReviewId?: number;
  gameWithoutMssp?: number;
  webOnlyGameId?: number;
  statisticsPendingGameId?: number;
  statisticsUnavailableGameId?: number;
  only: string[];
  skip: string[];
  /** Always set after resolution (random when not given). */
  seed: number;
  /** True when the seed was chosen at random. */
  seedWasRandom: boolean;
  runs: number;
  replay?: { id: string; path: string };
  /** `--budget quick|standard|deep`: a preset of runs, max-requests and time-budget. */
  budget?: BudgetPreset;
  maxRequests: number;
  timeBudgetSeconds: number;
  /** The primary key's UTC-day limit; when not told, §8's defaults scaled by the key's minute limit. */
  dayLimit?: number;
  /** Percent of the key's day limit one run may spend. */
  dayShare: number;
  /** Reuse identical GETs within the run (`--no-cache` turns it off). */
  cache: boolean;
  /** `--model auto|on|off`: the model-based (differential) checks; `auto` runs them when the budget allows. */
  model: ModelMode;
  timeoutMs: number;
  profile?: string;
  failOnProfile: boolean;
  reportDir: string;
  list: boolean;
  quiet: boolean;
  /** The config file that was read, if any. */
  configFile?: string;
}

type Kind = 'string' | 'int' | 'list' | 'bool' | 'replay' | 'preset' | 'model' | 'probe' | 'key';

/** The key sent outside the Authorization header by the check that makes sure it is refused there. */
export const KEY_ELSEWHERE_PROBES = ['low-limit', 'primary', 'off'] as const;
export type KeyElsewhereProbe = (typeof KEY_ELSEWHERE_PROBES)[number];

/**
 * The shortest key the suite accepts. Keys are kept out of every report by replacing them (and
 * long runs of their characters) with placeholders; a key of a few characters occurs by chance in
 * any text, so redacting it would mangle every excerpt, and not redacting it would leak it.
 */
export const MIN_KEY_LENGTH = 8;

/**
 * A refused value as an error message shows it: one as long as a key can be is said by its length
 * only, for it may be a key given in the wrong place (`--runs $API_KEY`, a config file's key under
 * another setting), and the message lands in a CI log.
 */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length < MIN_KEY_LENGTH
    ? JSON.stringify(value)
    : `a value of ${text.length} characters (not shown: it could be a key given in the wrong place)`;
}

/** When the model-based checks crawl the directory (see GAMES-MODEL-RESULTS). */
export const MODEL_MODES = ['auto', 'on', 'off'] as const;
export type ModelMode = (typeof MODEL_MODES)[number];

/**
 * Presets a CI user can name. Each sets `--runs`, `--max-requests` and `--time-budget`; an
 * explicit value of any of the three wins. The run's budget is then the tightest of these and
 * what the key allows (its minute pace over the time budget, its day share).
 */
export const BUDGET_PRESETS = {
  /** A gate on every push with a default key (60/min): every check a verdict in about 10 minutes. */
  quick: { runs: 10, maxRequests: 600, timeBudgetSeconds: 660 },
  /** The default: full depth with a high-limit key, breadth first with any key. */
  standard: { runs: 100, maxRequests: 20_000, timeBudgetSeconds: 300 },
  /** Nightly: five times the cases, half an hour, and the model-based checks whatever they cost. */
  deep: { runs: 500, maxRequests: 100_000, timeBudgetSeconds: 1_800, model: 'on' },
} as const;
export type BudgetPreset = keyof typeof BUDGET_PRESETS;

interface Setting {
  key: keyof SuiteConfig;
  kind: Kind;
  env?: string;
  /** Smallest allowed value for `int`. */
  min?: number;
  /** Only on the command line (not env/config file). */
  cliOnly?: boolean;
  /** The command-line flag, when it is not the kebab-case of `key`. */
  flag?: string;
}

export function flagOf(setting: Setting): string {
  return `--${setting.flag ?? setting.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Every setting: its config-file key (camelCase; kebab-case accepted), its env var, its type. */
export const SETTINGS: readonly Setting[] = [
  { key: 'baseUrl', kind: 'string', env: 'GAMEDIR_BASE_URL' },
  { key: 'apiKey', kind: 'key', env: 'GAMEDIR_API_KEY' },
  { key: 'apiKeyPerMinute', kind: 'int', env: 'GAMEDIR_API_KEY_PER_MINUTE', min: 1 },
  { key: 'lowLimitKey', kind: 'key', env: 'GAMEDIR_LOW_LIMIT_KEY' },
  { key: 'lowLimitPerMinute', kind: 'int', env: 'GAMEDIR_LOW_LIMIT_PER_MINUTE', min: 1 },
  { key: 'lowLimitPerDay', kind: 'int', env: 'GAMEDIR_LOW_LIMIT_PER_DAY', min: 1 },
  { key: 'dayLimitedKey', kind: 'key', env: 'GAMEDIR_DAY_LIMITED_KEY' },
  { key: 'dayLimitedPerDay', kind: 'int', env: 'GAMEDIR_DAY_LIMITED_PER_DAY', min: 1 },
  { key: 'dayLimitedPerMinute', kind: 'int', env: 'GAMEDIR_DAY_LIMITED_PER_MINUTE', min: 1 },
  { key: 'revokedKey', kind: 'key', env: 'GAMEDIR_REVOKED_KEY' },
  { key: 'probeKeyElsewhere', kind: 'probe', env: 'GAMEDIR_PROBE_KEY_ELSEWHERE' },
  { key: 'archivedGameId', kind: 'int', env: 'GAMEDIR_ARCHIVED_GAME_ID', min: 1 },
  { key: 'archivedReviewId', kind: 'int', env: 'GAMEDIR_ARCHIVED_REVIEW_ID', min: 1 },
  { key: 'gameWithoutMssp', kind: 'int', env: 'GAMEDIR_GAME_WITHOUT_MSSP', min: 1 },
  { key: 'webOnlyGameId', kind: 'int', env: 'GAMEDIR_WEB_ONLY_GAME_ID', min: 1 },
  { key: 'statisticsPendingGameId', kind: 'int', env: 'GAMEDIR_STATISTICS_PENDING_GAME_ID', min: 1 },
  {
    key: 'statisticsUnavailableGameId',
    kind: 'int',
    env: 'GAMEDIR_STATISTICS_UNAVAILABLE_GAME_ID',
    min: 1,
  },
  { key: 'only', kind: 'list', env: 'GAMEDIR_ONLY' },
  { key: 'skip', kind: 'list', env: 'GAMEDIR_SKIP' },
  { key: 'seed', kind: 'int', env: 'GAMEDIR_SEED', min: 0 },
  { key: 'runs', kind: 'int', env: 'GAMEDIR_RUNS', min: 1 },
  { key: 'replay', kind: 'replay', cliOnly: true },
  { key: 'budget', kind: 'preset', env: 'GAMEDIR_BUDGET' },
  { key: 'maxRequests', kind: 'int', env: 'GAMEDIR_MAX_REQUESTS', min: 1 },
  { key: 'timeBudgetSeconds', kind: 'int', env: 'GAMEDIR_TIME_BUDGET', min: 1, flag: 'time-budget' },
  { key: 'dayLimit', kind: 'int', env: 'GAMEDIR_DAY_LIMIT', min: 1 },
  { key: 'dayShare', kind: 'int', env: 'GAMEDIR_DAY_SHARE', min: 1 },
  { key: 'cache', kind: 'bool', env: 'GAMEDIR_CACHE' },
  { key: 'model', kind: 'model', env: 'GAMEDIR_MODEL' },
  { key: 'timeoutMs', kind: 'int', env: 'GAMEDIR_TIMEOUT_MS', min: 1 },
  { key: 'profile', kind: 'string', env: 'GAMEDIR_PROFILE' },
  { key: 'failOnProfile', kind: 'bool', env: 'GAMEDIR_FAIL_ON_PROFILE' },
  { key: 'reportDir', kind: 'string', env: 'GAMEDIR_REPORT_DIR' },
  { key: 'list', kind: 'bool', cliOnly: true },
  { key: 'quiet', kind: 'bool', env: 'GAMEDIR_QUIET' },
];

export const DEFAULTS = {
  runs: BUDGET_PRESETS.standard.runs,
  maxRequests: BUDGET_PRESETS.standard.maxRequests,
  timeBudgetSeconds: BUDGET_PRESETS.standard.timeBudgetSeconds,
  dayShare: DEFAULT_DAY_SHARE_PERCENT,
  cache: true,
  model: 'auto',
  timeoutMs: 10_000,
  reportDir: 'reports',
  probeKeyElsewhere: 'low-limit',
} as const;

export const CONFIG_FILE_NAMES = [
  'gamedir-conformance.config.yaml',
  'gamedir-conformance.config.yml',
  'gamedir-conformance.config.json',
];

/** The largest seed (fast-check seeds are 32-bit; we keep to 31 bits so they stay positive). */
export const MAX_SEED = 0x7fffffff;

function kebabToCamel(name: string): string {
  return name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function convert(setting: Setting, value: unknown, where: string): unknown {
  switch (setting.kind) {
    case 'string':
      if (typeof value === 'number') return String(value);
      if (typeof value !== 'string' || value === '')
        throw new ConfigError(`${where}: expected a non-empty string`);
      return value;
    case 'key': {
      // Never echo the value: it is a secret.
      if (typeof value !== 'string' || value === '') throw new ConfigError(`${where}: expected a key`);
      if (value.length < MIN_KEY_LENGTH) {
        throw new ConfigError(
          `${where}: a key of ${value.length} characters is too short to keep out of the reports ` +
            `(its characters occur by chance in any text); the suite needs keys of at least ${MIN_KEY_LENGTH}`,
        );
      }
      return value;
    }
    case 'probe': {
      const probe = String(value).trim().toLowerCase();
      if (!(KEY_ELSEWHERE_PROBES as readonly string[]).includes(probe)) {
        throw new ConfigError(
          `${where}: expected one of ${KEY_ELSEWHERE_PROBES.join(', ')}, got ${shownValue(value)}`,
        );
      }
      return probe;
    }
    case 'int': {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
        throw new ConfigError(`${where}: expected a non-negative integer, got ${shownValue(value)}`);
      }
      const n = Number(text);
      if (setting.min !== undefined && n < setting.min)
        throw new ConfigError(`${where}: must be ≥ ${setting.min}`);
      if (setting.key === 'seed' && n > MAX_SEED) throw new ConfigError(`${where}: must be ≤ ${MAX_SEED}`);
      if (setting.key === 'dayShare' && n > 100) throw new ConfigError(`${where}: a percentage, ≤ 100`);
      return n;
    }
    case 'list': {
      const items = Array.isArray(value)
        ? value.map(String)
        : typeof value === 'string'
          ? value.split(',')
          : null;
      if (items === null) throw new ConfigError(`${where}: expected a comma-separated list`);
      return items.map((s) => s.trim()).filter((s) => s !== '');
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string' && /^(1|true|yes|on)$/i.test(value)) return true;
      if (typeof value === 'string' && /^(0|false|no|off|)$/i.test(value)) return false;
      throw new ConfigError(`${where}: expected true or false`);
    case 'preset': {
      const name = String(value).trim().toLowerCase();
      if (!Object.hasOwn(BUDGET_PRESETS, name)) {
        throw new ConfigError(
          `${where}: expected one of ${Object.keys(BUDGET_PRESETS).join(', ')}, got ${shownValue(value)}`,
        );
      }
      return name;
    }
    case 'model': {
      const mode = String(value).trim().toLowerCase();
      if (!(MODEL_MODES as readonly string[]).includes(mode)) {
        throw new ConfigError(
          `${where}: expected one of ${MODEL_MODES.join(', ')}, got ${shownValue(value)}`,
        );
      }
      return mode;
    }
    case 'replay': {
      const text = String(value);
      const colon = text.indexOf(':');
      if (colon <= 0 || colon === text.length - 1) {
        throw new ConfigError(
          `${where}: expected ID:PATH (e.g. GAMES-Q-TERMS:3:1:0), got ${shownValue(value)}`,
        );
      }
      return { id: text.slice(0, colon), path: text.slice(colon + 1) };
    }
  }
}

/** Reads a config file (YAML or JSON): keys are the settings, camelCase or kebab-case. */
export function readConfigFile(file: string): Partial<SuiteConfig> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`config ${file}: cannot read (${(error as Error).message})`);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new ConfigError(`config ${file}: not valid YAML/JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw new ConfigError(`config ${file}: expected a mapping`);
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(data)) {
    const camel = kebabToCamel(rawKey);
    // The documented name of the flag (`time-budget`) and the setting's own name both work.
    const key = camel === 'timeBudget' ? 'timeBudgetSeconds' : camel;
    const setting = SETTINGS.find((s) => s.key === key && !s.cliOnly);
    if (!setting) {
      const known = SETTINGS.filter((s) => !s.cliOnly)
        .map((s) => s.key)
        .join(', ');
      throw new ConfigError(`config ${file}: unknown key "${rawKey}" (known keys: ${known})`);
    }
    out[key] = convert(setting, value, `config ${file}: ${rawKey}`);
  }
  return out as Partial<SuiteConfig>;
}

export interface ResolveInput {
  /** Values given on the command line (commander's opts, only the flags present). */
  cli: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Random source for the seed (tests). */
  randomSeed?: () => number;
  /** `false`: read no config file, even one in `cwd` (programmatic runs). */
  configFile?: false;
}

/** Flags > env > config file > defaults. */
export function resolveConfig({
  cli,
  env = process.env,
  cwd = process.cwd(),
  randomSeed,
  configFile: readConfig,
}: ResolveInput): SuiteConfig {
  const configFlag = cli.config;
  let configFile: string | undefined;
  if (readConfig === false) {
    configFile = undefined;
  } else if (typeof configFlag === 'string') {
    configFile = resolve(cwd, configFlag);
    if (!existsSync(configFile)) throw new ConfigError(`config ${configFlag}: no such file`);
  } else {
    configFile = CONFIG_FILE_NAMES.map((name) => join(cwd, name)).find((path) => existsSync(path));
  }
  const fromFile = configFile ? readConfigFile(configFile) : {};

  const explicit = new Set<string>();
  const merged: Record<string, unknown> = {
    ...DEFAULTS,
    only: [],
    skip: [],
    failOnProfile: false,
    list: false,
    quiet: false,
  };
  for (const setting of SETTINGS) {
    const fileValue = (fromFile as Record<string, unknown>)[setting.key];
    if (fileValue !== undefined) {
      merged[setting.key] = fileValue;
      explicit.add(setting.key);
    }
    const envValue = setting.env && !setting.cliOnly ? env[setting.env] : undefined;
    if (envValue !== undefined && envValue !== '') {
      merged[setting.key] = convert(setting, envValue, `environment ${setting.env}`);
      explicit.add(setting.key);
    }
    const cliValue = cli[setting.key];
    if (cliValue !== undefined) {
      merged[setting.key] = convert(setting, cliValue, flagOf(setting));
      explicit.add(setting.key);
    }
  }
  // A preset fills what was not set explicitly anywhere.
  if (typeof merged.budget === 'string') {
    for (const [key, value] of Object.entries(BUDGET_PRESETS[merged.budget as BudgetPreset])) {
      if (!explicit.has(key)) merged[key] = value;
    }
  }
  if (configFile) merged.configFile = configFile;
  if (merged.seed === undefined) {
    merged.seed = (randomSeed ?? (() => Math.floor(Math.random() * MAX_SEED)))();
    merged.seedWasRandom = true;
  } else {
    merged.seedWasRandom = false;
  }
  const config = merged as unknown as SuiteConfig;
  if (config.baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(config.baseUrl);
    } catch {
      throw new ConfigError(`--base-url: not a URL: ${config.baseUrl}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError(`--base-url: must be http or https: ${config.baseUrl}`);
    }
    if (config.apiKey === undefined) {
      throw new ConfigError('--api-key (or GAMEDIR_API_KEY) is required with --base-url');
    }
  }
  if (config.replay && config.only.length === 0) config.only = [config.replay.id];
  return config;
}

export interface Hints {
  archivedGameId?: number;
  /** A review of an archived game, as the user states it (trusted: a check fails if it is not reachable). */
  archivedReviewId?: number;
  gameWithoutMssp?: number;
  webOnlyGameId?: number;
  /** A game whose statistics answer 503 statistics_pending for some range (trusted). */
  statisticsPendingGameId?: number;
  /** A game whose statistics answer 503 statistics_unavailable (trusted). */
  statisticsUnavailableGameId?: number;
  /** The primary key's configured per-minute limit (`--api-key-per-minute`), what X-RateLimit-Limit says (§7). */
  primaryPerMinute?: number;
  lowLimitKey?: {
    present: boolean;
    perMinute?: number;
    perDay?: number;
    /**
     * Read by the runner at preflight, before the run's own traffic: whether the key's UTC-day
     * limit already bound (spent by earlier runs or its owner), so that a day spent later in the
     * run can be told apart from one another key's requests spent.
     */
    dayBoundAtStart?: boolean;
  };
  /**
   * A key whose UTC-day limit binds first (`--day-limited-key`); `perDay` from
   * `--day-limited-per-day`, `perMinute` from `--day-limited-per-minute`.
   */
  dayLimitedKey?: { present: boolean; perDay?: number; perMinute?: number };
  revokedKey?: { present: boolean };
  /** `--probe-key-elsewhere`: which key may be sent outside the Authorization header (default the low-limit key). */
  probeKeyElsewhere?: KeyElsewhereProbe;
  /**
   * Without a low-limit key, whether the exhausting checks may drive the primary key into 429
   * at the end of the run (they run last), and why not when they may not.
   */
  primaryExhaustible?: { allowed: true; perMinute: number } | { allowed: false; reason: string };
  /** `--model`: whether the model-based checks crawl the directory (default `auto`: when the budget allows). */
  model?: ModelMode;
}
