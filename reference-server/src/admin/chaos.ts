/**
 * Chaos per route (issue #23): added latency, and a fraction of requests answered 500
 * `internal_error` or with a connection reset, on the paths a glob matches, for a number of
 * seconds, a number of requests, or until removed — what a client's timeouts, retries and error
 * handling are tested against. Plain data and decisions here; the HTTP side (waiting, writing
 * the 500, resetting the socket) is in controlled-app.ts.
 *
 * Path globs, matched against the request's path (no query string; a trailing slash ignored,
 * as the API ignores it, D46): `*` is any run of characters within one segment, `**` any run
 * across segments (a whole `/**` segment also none), everything else literal. `/api/v1/games/*`
 * matches `/api/v1/games/12`, not `/api/v1/games/12/players`; `/api/v1/games/**` matches both
 * and `/api/v1/games` itself; `/**` matches every path.
 *
 * Every rule that matches a request applies: latencies add up; each rule with an error rate
 * draws in turn and the first that draws a failure answers. Draws come from a seeded generator
 * per rule (xoroshiro128+, fixtures/src/random.ts; seed 1 unless given), so the same rule over
 * the same sequence of matching requests fails the same ones. Durations count real seconds, not
 * the API clock (which the control interface may freeze or move).
 */
import { createRandom, type Random } from '../../../fixtures/src/random.ts';

export const CHAOS_ERRORS = ['internal_error', 'connection_reset'] as const;
export type ChaosError = (typeof CHAOS_ERRORS)[number];

export type Latency = number | { min: number; max: number };

/** A rule as asked for (the admin API's ChaosRuleInput). */
export interface ChaosRuleInput {
  path: string;
  latency_ms?: Latency;
  error_rate?: number;
  error?: ChaosError;
  duration_seconds?: number;
  requests?: number;
  seed?: number;
}

/** A rule as listed (the admin API's ChaosRule). */
export interface ChaosRuleView {
  id: string;
  path: string;
  latency_ms?: Latency;
  error_rate: number;
  error: ChaosError;
  seed: number;
  /** Matching requests so far. */
  matched: number;
  /** Matching requests left before the rule is removed; absent when not limited by count. */
  requests_left?: number;
  /** Real seconds left before the rule is removed; absent when not limited by time. */
  seconds_left?: number;
}

/** What happens to one request: wait `delayMs`, then answer it normally or fail it. */
export interface ChaosDecision {
  delayMs: number;
  failure: ChaosError | undefined;
}

/** A refused rule, with the field at fault. */
export class ChaosRuleError extends Error {}

interface Rule {
  id: string;
  input: ChaosRuleInput;
  pattern: RegExp;
  errorRate: number;
  error: ChaosError;
  seed: number;
  random: Random;
  matched: number;
  /** Real ms (the elapsed source) when it lapses. */
  expiresAt: number | undefined;
}

const MAX_LATENCY_MS = 120_000;

/** `/api/v1/games/*` → /^\/api\/v1\/games\/[^/]*$/ (see the module comment). */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i]!;
    if (glob.startsWith('/**', i) && (i + 3 === glob.length || glob[i + 3] === '/')) {
      source += '(?:/.*)?'; // a whole `**` segment: none or any
      i += 2;
    } else if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else {
      source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

/** The path a glob is matched against: no query, no trailing slash (but `/` stays `/`). */
export function matchedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function checkLatency(latency: unknown): Latency {
  const inRange = (ms: unknown): ms is number =>
    isFiniteNumber(ms) && Number.isInteger(ms) && ms >= 0 && ms <= MAX_LATENCY_MS;
  if (inRange(latency)) return latency;
  if (typeof latency === 'object' && latency !== null) {
    const { min, max } = latency as { min?: unknown; max?: unknown };
    if (inRange(min) && inRange(max) && min <= max && Object.keys(latency).length === 2) return { min, max };
  }
  throw new ChaosRuleError(
    `latency_ms: expected an integer of milliseconds from 0 to ${MAX_LATENCY_MS}, or {"min": a, "max": b} with a <= b`,
  );
}

/** The rule checked field by field; unknown fields are refused, so a typo is not silently ignored. */
export function checkRule(input: unknown): ChaosRuleInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ChaosRuleError('expected a JSON object describing one rule');
  }
  const known = ['path', 'latency_ms', 'error_rate', 'error', 'duration_seconds', 'requests', 'seed'];
  const unknown = Object.keys(input).filter((field) => !known.includes(field));
  if (unknown.length > 0) throw new ChaosRuleError(`unknown field(s): ${unknown.join(', ')}`);
  const rule = input as Record<string, unknown>;
  if (typeof rule.path !== 'string' || !rule.path.startsWith('/')) {
    throw new ChaosRuleError('path: expected a path glob starting with "/", e.g. /api/v1/games/**');
  }
  const checked: ChaosRuleInput = { path: rule.path };
  if (rule.latency_ms !== undefined) checked.latency_ms = checkLatency(rule.latency_ms);
  if (rule.error_rate !== undefined) {
    if (!isFiniteNumber(rule.error_rate) || rule.error_rate < 0 || rule.error_rate > 1) {
      throw new ChaosRuleError('error_rate: expected a fraction from 0 to 1');
    }
    checked.error_rate = rule.error_rate;
  }
  if (rule.error !== undefined) {
    if (!CHAOS_ERRORS.includes(rule.error as ChaosError)) {
      throw new ChaosRuleError(`error: expected one of ${CHAOS_ERRORS.join(', ')}`);
    }
    checked.error = rule.error as ChaosError;
  }
  if (rule.duration_seconds !== undefined) {
    if (!isFiniteNumber(rule.duration_seconds) || rule.duration_seconds <= 0) {
      throw new ChaosRuleError('duration_seconds: expected a positive number of seconds');
    }
    checked.duration_seconds = rule.duration_seconds;
  }
  if (rule.requests !== undefined) {
    if (!Number.isInteger(rule.requests) || (rule.requests as number) < 1) {
      throw new ChaosRuleError('requests: expected a positive integer');
    }
    checked.requests = rule.requests as number;
  }
  if (rule.seed !== undefined) {
    if (!Number.isInteger(rule.seed) || (rule.seed as number) < 0 || (rule.seed as number) > 0x7fffffff) {
      throw new ChaosRuleError('seed: expected an integer from 0 to 2147483647');
    }
    checked.seed = rule.seed as number;
  }
  if (checked.latency_ms === undefined && !(checked.error_rate !== undefined && checked.error_rate > 0)) {
    throw new ChaosRuleError('a rule needs latency_ms, or an error_rate above 0, or both');
  }
  return checked;
}

export class ChaosRules {
  #rules: Rule[] = [];
  #nextId = 1;
  readonly #elapsed: () => number;

  /** @param elapsed a monotonic millisecond source (real time; injectable for tests) */
  constructor(elapsed: () => number = () => performance.now()) {
    this.#elapsed = elapsed;
  }

  /** Adds a rule (checked by checkRule; throws ChaosRuleError) and returns it as listed. */
  add(input: unknown): ChaosRuleView {
    const checked = checkRule(input);
    const seed = checked.seed ?? 1;
    const rule: Rule = {
      id: `chaos-${this.#nextId}`,
      input: checked,
      pattern: globToRegExp(checked.path),
      errorRate: checked.error_rate ?? 0,
      error: checked.error ?? 'internal_error',
      seed,
      random: createRandom(seed),
      matched: 0,
      expiresAt:
        checked.duration_seconds === undefined
          ? undefined
          : this.#elapsed() + checked.duration_seconds * 1000,
    };
    this.#nextId += 1;
    this.#rules.push(rule);
    return this.#view(rule);
  }

  /** Whether a rule of that id was there to remove. */
  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  clear(): void {
    this.#rules = [];
  }

  list(): ChaosRuleView[] {
    this.#dropLapsed();
    return this.#rules.map((rule) => this.#view(rule));
  }

  /** What the rules in force do to a request for `url`; undefined when none matches. */
  decide(url: string): ChaosDecision | undefined {
    if (this.#rules.length === 0) return undefined;
    this.#dropLapsed();
    const path = matchedPath(url);
    let decision: ChaosDecision | undefined;
    for (const rule of this.#rules) {
      if (!rule.pattern.test(path)) continue;
      rule.matched += 1;
      decision ??= { delayMs: 0, failure: undefined };
      const latency = rule.input.latency_ms;
      if (typeof latency === 'number') decision.delayMs += latency;
      else if (latency !== undefined) decision.delayMs += rule.random.int(latency.min, latency.max);
      if (rule.errorRate > 0 && rule.random.unit() < rule.errorRate) decision.failure ??= rule.error;
    }
    // A rule limited to N requests is gone once it has matched N.
    this.#rules = this.#rules.filter(
      (rule) => rule.input.requests === undefined || rule.matched < rule.input.requests,
    );
    return decision;
  }

  #dropLapsed(): void {
    const now = this.#elapsed();
    this.#rules = this.#rules.filter((rule) => rule.expiresAt === undefined || rule.expiresAt > now);
  }

  #view(rule: Rule): ChaosRuleView {
    const view: ChaosRuleView = {
      id: rule.id,
      path: rule.input.path,
      ...(rule.input.latency_ms === undefined ? {} : { latency_ms: rule.input.latency_ms }),
      error_rate: rule.errorRate,
      error: rule.error,
      seed: rule.seed,
      matched: rule.matched,
    };
    if (rule.input.requests !== undefined) view.requests_left = rule.input.requests - rule.matched;
    if (rule.expiresAt !== undefined) {
      view.seconds_left = Math.max(0, Math.round((rule.expiresAt - this.#elapsed()) / 100) / 10);
    }
    return view;
  }
}
