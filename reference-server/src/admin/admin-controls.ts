/**
 * What the control interface does (issue #23), as plain operations on the controlled app:
 * inputs checked here, each refusal an AdminError with a status, a code and a line of why;
 * results as the JSON views that spec/admin-openapi.yaml describes. admin-app.ts only maps
 * HTTP onto these. Keys are named by their label or by the key itself, and answered with the
 * label and the key's last four characters only — never the whole key.
 */
import type { ApiKeyRecord } from '../../../fixtures/src/model.ts';
import { BLIND_FAULTS, FAULTS, isFaultName } from '../faults.ts';
import { windowsAt } from '../rate-limiter.ts';
import { isVariantName, VARIANTS } from '../variants.ts';
import { ChaosRuleError, type ChaosRuleView } from './chaos.ts';
import type { ControlledApp } from './controlled-app.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Real or frozen, the clock stays within years 1970..9999 (what an ISO instant writes). */
const MAX_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

export class AdminError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ClockView {
  now: string;
  now_ms: number;
  running: boolean;
}

export interface WindowView {
  limit: number;
  used: number;
  remaining: number;
  resets_at: string;
}

export interface KeyLimitsView {
  label: string;
  /** The key's last four characters. */
  key_hint: string;
  revoked: boolean;
  minute: WindowView;
  day: WindowView;
}

export interface SwitchedView {
  on: string[];
}

export interface StateView {
  clock: ClockView;
  faults: string[];
  variants: string[];
  chaos: ChaosRuleView[];
  rate_limits: KeyLimitsView[];
}

type Body = Record<string, unknown>;

/** A JSON object body (an empty body is `{}`), with no fields beyond `allowed`. */
function objectBody(body: unknown, allowed: readonly string[]): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AdminError(400, 'invalid_request', 'The body must be a JSON object.');
  }
  const unknown = Object.keys(body).filter((field) => !allowed.includes(field));
  if (unknown.length > 0) {
    throw new AdminError(
      400,
      'invalid_request',
      `Unknown field(s): ${unknown.join(', ')} (expected ${allowed.join(', ')}).`,
    );
  }
  return body as Body;
}

function instant(value: unknown, field: string): number {
  const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms) || ms < 0 || ms > MAX_CLOCK_MS) {
    throw new AdminError(
      400,
      'invalid_request',
      `${field}: expected an ISO 8601 instant between 1970 and 9999, e.g. 2026-11-22T12:00:00Z.`,
    );
  }
  return ms;
}

function count(value: unknown, field: string): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 1e9) {
    throw new AdminError(
      400,
      'invalid_request',
      `${field}: expected an integer of requests from 0 to 1000000000.`,
    );
  }
  return value as number;
}

function flag(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean')
    throw new AdminError(400, 'invalid_request', `${field}: expected true or false.`);
  return value;
}

function names(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) {
    throw new AdminError(400, 'invalid_request', `${field}: expected an array of names.`);
  }
  return value as string[];
}

export class AdminControls {
  readonly #app: ControlledApp;
  readonly #keys: readonly ApiKeyRecord[];

  constructor(app: ControlledApp, keys: readonly ApiKeyRecord[]) {
    this.#app = app;
    this.#keys = keys;
  }

  // --- clock -----------------------------------------------------------------------------

  clock(): ClockView {
    const { nowMs, running } = this.#app.clock.reading();
    return { now: new Date(nowMs).toISOString(), now_ms: nowMs, running };
  }

  /** `{now?, running?}`: to an instant, frozen or running from it (the current mode unless said). */
  setClock(body: unknown): ClockView {
    const fields = objectBody(body, ['now', 'running']);
    if (fields.now === undefined && fields.running === undefined) {
      throw new AdminError(
        400,
        'invalid_request',
        'Give now (an ISO 8601 instant), running (true/false), or both.',
      );
    }
    const clock = this.#app.clock;
    const ms = fields.now === undefined ? clock.now() : instant(fields.now, 'now');
    clock.set(ms, flag(fields.running, 'running', clock.running));
    return this.clock();
  }

  /** `{seconds}` (negative goes back) or `{to: "next_minute" | "next_utc_day"}`. */
  advanceClock(body: unknown): ClockView {
    const fields = objectBody(body, ['seconds', 'to']);
    const clock = this.#app.clock;
    if (fields.seconds !== undefined && fields.to === undefined) {
      const seconds = fields.seconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
        throw new AdminError(
          400,
          'invalid_request',
          'seconds: expected a number of seconds (negative goes back).',
        );
      }
      const target = clock.now() + seconds * 1000;
      if (target < 0 || target > MAX_CLOCK_MS) {
        throw new AdminError(400, 'invalid_request', 'seconds: the clock would leave the years 1970..9999.');
      }
      clock.advance(seconds * 1000);
    } else if (fields.to === 'next_minute' && fields.seconds === undefined) {
      clock.toNextMinute();
    } else if (fields.to === 'next_utc_day' && fields.seconds === undefined) {
      clock.toNextUtcDay();
    } else {
      throw new AdminError(
        400,
        'invalid_request',
        'Give either seconds (a number) or to ("next_minute" or "next_utc_day").',
      );
    }
    return this.clock();
  }

  // --- rate limits -------------------------------------------------------------------------

  /** The key named by its label (first) or by the key itself. */
  #key(ref: string): ApiKeyRecord {
    const labelled = this.#keys.filter((record) => record.label === ref);
    if (labelled.length > 1) {
      throw new AdminError(
        400,
        'ambiguous_key',
        `${labelled.length} keys have the label ${ref}: name the key by the key itself.`,
      );
    }
    const record = labelled[0] ?? this.#keys.find((candidate) => candidate.key === ref);
    if (record === undefined) {
      // The reference is not echoed: it may be a key.
      throw new AdminError(
        404,
        'unknown_key',
        `No key has this label or value; the labels are: ${this.#keys.map((key) => key.label).join(', ')}.`,
      );
    }
    return record;
  }

  async #limitsView(record: ApiKeyRecord): Promise<KeyLimitsView> {
    const nowMs = this.#app.clock.now();
    const used = await this.#app.store.counts(record.key, nowMs);
    const { minuteStart, dayStart } = windowsAt(nowMs);
    const window = (limit: number, spent: number, endMs: number): WindowView => ({
      limit,
      used: spent,
      remaining: Math.max(0, limit - spent),
      resets_at: new Date(endMs).toISOString(),
    });
    return {
      label: record.label,
      key_hint: record.key.slice(-4),
      revoked: record.revoked,
      minute: window(record.per_minute, used.minute, minuteStart + MINUTE_MS),
      day: window(record.per_day, used.day, dayStart + DAY_MS),
    };
  }

  rateLimits(): Promise<KeyLimitsView[]> {
    return Promise.all(this.#keys.map((record) => this.#limitsView(record)));
  }

  rateLimit(ref: string): Promise<KeyLimitsView> {
    return this.#limitsView(this.#key(ref));
  }

  /** `{minute?, day?}` (both true by default): those windows of the key start again from 0. */
  async resetRateLimit(ref: string, body: unknown): Promise<KeyLimitsView> {
    const record = this.#key(ref);
    const fields = objectBody(body, ['minute', 'day']);
    const windows = { minute: flag(fields.minute, 'minute', true), day: flag(fields.day, 'day', true) };
    await this.#app.store.resetCounts(record.key, windows, this.#app.clock.now());
    return this.#limitsView(record);
  }

  /** `{minute?, day?}`: that many requests counted in the key's current minute and/or day. */
  async spendRateLimit(ref: string, body: unknown): Promise<KeyLimitsView> {
    const record = this.#key(ref);
    const fields = objectBody(body, ['minute', 'day']);
    const spent = { minute: count(fields.minute, 'minute'), day: count(fields.day, 'day') };
    if (spent.minute === 0 && spent.day === 0) {
      throw new AdminError(
        400,
        'invalid_request',
        'Give minute and/or day: how many requests to count as spent.',
      );
    }
    await this.#app.store.spend(record.key, spent, this.#app.clock.now());
    return this.#limitsView(record);
  }

  // --- faults and variants -----------------------------------------------------------------

  faults(): SwitchedView {
    return { on: [...this.#app.faults] };
  }

  variants(): SwitchedView {
    return { on: [...this.#app.variants] };
  }

  faultCatalogue(): Array<{ name: string; rule: string; description: string; blind: boolean }> {
    const entry = (blind: boolean) => (fault: { name: string; rule: string; description: string }) => ({
      name: fault.name,
      rule: fault.rule,
      description: fault.description,
      blind,
    });
    return [...FAULTS.map(entry(false)), ...BLIND_FAULTS.map(entry(true))];
  }

  variantCatalogue(): Array<{ name: string; decision: string; description: string }> {
    return VARIANTS.map(({ name, decision, description }) => ({ name, decision, description }));
  }

  #checkNames(kind: 'fault' | 'variant', list: readonly string[]): void {
    const isName = kind === 'fault' ? isFaultName : isVariantName;
    const unknown = list.filter((name) => !isName(name));
    if (unknown.length > 0) {
      throw new AdminError(
        400,
        `unknown_${kind}`,
        `Unknown ${kind}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (GET /catalogue/${kind}s lists them).`,
      );
    }
  }

  /** `{on: [names]}`: exactly these on, every other off. */
  async setSwitched(kind: 'fault' | 'variant', body: unknown): Promise<SwitchedView> {
    const fields = objectBody(body, ['on']);
    const list = names(fields.on, 'on');
    this.#checkNames(kind, list);
    await this.#app.switchTo(() => (kind === 'fault' ? { faults: list } : { variants: list }));
    return kind === 'fault' ? this.faults() : this.variants();
  }

  /** One name switched on or off, the others left as they are. */
  async switchOne(kind: 'fault' | 'variant', name: string, on: boolean): Promise<SwitchedView> {
    this.#checkNames(kind, [name]);
    await this.#app.switchTo((current) => {
      const next = new Set<string>(kind === 'fault' ? current.faults : current.variants);
      if (on) next.add(name);
      else next.delete(name);
      return kind === 'fault' ? { faults: next } : { variants: next };
    });
    return kind === 'fault' ? this.faults() : this.variants();
  }

  // --- chaos -------------------------------------------------------------------------------

  chaosRules(): { rules: ChaosRuleView[] } {
    return { rules: this.#app.chaos.list() };
  }

  addChaosRule(body: unknown): ChaosRuleView {
    try {
      return this.#app.chaos.add(body ?? {});
    } catch (error) {
      if (error instanceof ChaosRuleError) throw new AdminError(400, 'invalid_chaos_rule', error.message);
      throw error;
    }
  }

  removeChaosRule(id: string): void {
    if (!this.#app.chaos.remove(id)) {
      throw new AdminError(
        404,
        'unknown_chaos_rule',
        `No chaos rule ${id} (it may have lapsed; GET /chaos lists them).`,
      );
    }
  }

  clearChaos(): void {
    this.#app.chaos.clear();
  }

  // --- everything --------------------------------------------------------------------------

  /**
   * Everything back to how the server was launched (ControlledApp.reset: chaos, clock, faults,
   * variants, data), then every key's minute and day counters from 0: those of the windows the
   * clock was in before the reset and those of its launch reading (with the in-memory store that
   * is every counter; with Redis, windows the clock visited in between keep theirs until they expire).
   */
  async reset(body?: unknown): Promise<StateView> {
    objectBody(body, []);
    const before = this.#app.clock.now();
    await this.#app.reset();
    const after = this.#app.clock.now();
    const both = { minute: true, day: true };
    await Promise.all(
      this.#keys.map(async (record) => {
        await this.#app.store.resetCounts(record.key, both, before);
        await this.#app.store.resetCounts(record.key, both, after);
      }),
    );
    return this.state();
  }

  async state(): Promise<StateView> {
    return {
      clock: this.clock(),
      faults: this.faults().on,
      variants: this.variants().on,
      chaos: this.#app.chaos.list(),
      rate_limits: await this.rateLimits(),
    };
  }
}
