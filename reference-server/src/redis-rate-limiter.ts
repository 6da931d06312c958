/**
 * The per-key minute and UTC-day counters in Redis, so that several reference instances
 * behind a load balancer enforce one limit exactly (`--redis-url`). The check and the count
 * are one Lua script — Redis runs a script atomically — on ioredis, a maintained client.
 * Windows follow the app's injected clock (not Redis's), each counter keyed by its window's
 * start and expiring after it, so headers and resets are exactly those of the in-memory store.
 *
 * Start-up (`ready`): a bounded connect phase, one attempt a second, each logged; Redis still
 * unreachable after the last one rejects, and the CLI exits non-zero rather than serve without
 * the shared limit. Once connected, a lost connection is retried for ever in the background.
 *
 * Redis unreachable while serving: the client fails fast (no offline queue, no retries per
 * command) and the middleware fails closed (500 internal_error, logged) — never unlimited
 * traffic. A reply is waited for `commandTimeoutMs` of this process's own running time (see
 * `#inTime`); one that comes after its request was answered 500 gives the quota back.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  admission,
  refusal,
  windowsAt,
  type KeyCounts,
  type RateLimitCounters,
  type RateLimitDecision,
  type RateLimits,
  type RateLimitStore,
} from './rate-limiter.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * KEYS: the minute counter, the day counter. ARGV: per-minute limit, per-day limit, the
 * counters' lifetimes (ms). Refused requests are not counted (D31). Returns {allowed, minute, day}.
 */
const CONSUME_SCRIPT = `
local minute = tonumber(redis.call('GET', KEYS[1]) or '0')
local day = tonumber(redis.call('GET', KEYS[2]) or '0')
if minute >= tonumber(ARGV[1]) or day >= tonumber(ARGV[2]) then
  return {0, minute, day}
end
minute = redis.call('INCR', KEYS[1])
if minute == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
day = redis.call('INCR', KEYS[2])
if day == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
return {1, minute, day}
`;

/** KEYS as CONSUME_SCRIPT: gives back one admission whose reply came too late to answer 200. */
const REFUND_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 1
`;

type ConsumeReply = [number, number, number];

interface ScriptedRedis extends Redis {
  consumeRateLimit(minuteKey: string, dayKey: string, ...args: Array<string | number>): Promise<ConsumeReply>;
  refundRateLimit(minuteKey: string, dayKey: string): Promise<number>;
}

/** A timer later than this found the process not running (descheduled, collecting, busy): not Redis's time. */
const STALL_MS = 100;
/** How many times a deadline is pushed back for such stalls before it holds whatever happened. */
const MAX_STALL_EXTENSIONS = 4;

export interface RedisRateLimiterOptions {
  /** `redis://host:port/db`. */
  url: string;
  /** Prefix of the counters' keys (several deployments on one Redis). */
  prefix?: string;
  /** How long Redis may take to answer, in this process's running time, before the request fails closed (default 1,000 ms). */
  commandTimeoutMs?: number;
  /** Where the connect attempts, lost connections and late replies are logged (none by default). */
  logger?: Logger;
}

export interface RedisConnectOptions {
  /** Connection attempts before giving up (default 10). */
  attempts?: number;
  /** Between attempts (default 1,000 ms); each attempt may also take up to this long to connect. */
  intervalMs?: number;
}

/** The URL with its password masked, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable Redis URL)';
  }
}

export class RedisRateLimiter implements RateLimitStore, RateLimitCounters {
  readonly #redis: ScriptedRedis;
  readonly #prefix: string;
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #logger: Logger | undefined;
  /** Set once the start-up connect phase succeeded: from then on a lost connection is retried. */
  #connected = false;
  #lastError: Error | undefined;

  constructor(options: RedisRateLimiterOptions) {
    this.#url = redactedUrl(options.url);
    this.#timeoutMs = options.commandTimeoutMs ?? 1_000;
    this.#logger = options.logger;
    const redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Connect in `ready`, attempt by attempt; later losses reconnect as ioredis does by default.
      lazyConnect: true,
      connectTimeout: 1_000,
      retryStrategy: (times) => (this.#connected ? Math.min(times * 50, 2_000) : null),
    });
    // Connection errors surface on each command (fail closed); the event itself is not fatal.
    redis.on('error', (error: Error) => {
      this.#lastError = error;
    });
    redis.on('close', () => {
      if (this.#connected)
        this.#logger?.error(
          { redis: this.#url },
          'Redis connection lost: refusing requests until it is back',
        );
    });
    redis.on('ready', () => {
      if (this.#connected) this.#logger?.info({ redis: this.#url }, 'Redis connection back');
    });
    redis.defineCommand('consumeRateLimit', { numberOfKeys: 2, lua: CONSUME_SCRIPT });
    redis.defineCommand('refundRateLimit', { numberOfKeys: 2, lua: REFUND_SCRIPT });
    this.#redis = redis as ScriptedRedis;
    this.#prefix = options.prefix ?? 'gamedir:rl';
  }

  /**
   * The start-up connect phase: up to `attempts` attempts `intervalMs` apart, each logged (warn);
   * rejects with one message naming the URL and the last error when none succeeded. Tests and
   * the CLI wait for it before serving.
   */
  async ready({ attempts = 10, intervalMs = 1_000 }: RedisConnectOptions = {}): Promise<void> {
    if (this.#redis.status === 'ready') return;
    const started = performance.now();
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        await this.#redis.connect();
        this.#connected = true;
        this.#logger?.info({ redis: this.#url, attempt }, 'Redis connected');
        return;
      } catch (error) {
        const reason = (this.#lastError ?? error) as Error;
        this.#lastError = undefined;
        this.#logger?.warn(
          { redis: this.#url, attempt, of: attempts, err: reason.message },
          'Redis not reachable yet',
        );
        if (attempt === attempts) {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          throw new Error(
            `Redis at ${this.#url} unreachable after ${attempts} attempts over ${seconds} s (${reason.message}): not serving without the shared rate limit.`,
            { cause: error },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    }
  }

  async consume(keyId: string, limits: RateLimits, nowMs: number): Promise<RateLimitDecision> {
    const { minuteStart, dayStart } = windowsAt(nowMs);
    const minuteKey = `${this.#prefix}:${keyId}:m:${minuteStart}`;
    const dayKey = `${this.#prefix}:${keyId}:d:${dayStart}`;
    const reply = this.#redis.consumeRateLimit(
      minuteKey,
      dayKey,
      limits.perMinute,
      limits.perDay,
      // Past the window's end, with a margin for clocks that differ between instances.
      minuteStart + MINUTE_MS - nowMs + MINUTE_MS,
      dayStart + DAY_MS - nowMs + MINUTE_MS,
    );
    const [allowed, minute, day] = await this.#inTime(reply, () => this.#refund(minuteKey, dayKey));
    if (allowed === 1) return admission(limits, nowMs, minute, day);
    return refusal(limits, nowMs, day >= limits.perDay);
  }

  /** The counters' names and lifetimes (ms) for the windows containing `nowMs`, as `consume` keeps them. */
  #windowKeys(keyId: string, nowMs: number) {
    const { minuteStart, dayStart } = windowsAt(nowMs);
    return {
      minuteKey: `${this.#prefix}:${keyId}:m:${minuteStart}`,
      dayKey: `${this.#prefix}:${keyId}:d:${dayStart}`,
      minuteTtl: minuteStart + MINUTE_MS - nowMs + MINUTE_MS,
      dayTtl: dayStart + DAY_MS - nowMs + MINUTE_MS,
    };
  }

  async counts(keyId: string, nowMs: number): Promise<KeyCounts> {
    const { minuteKey, dayKey } = this.#windowKeys(keyId, nowMs);
    const [minute, day] = await this.#redis.mget(minuteKey, dayKey);
    return { minute: Number(minute ?? 0), day: Number(day ?? 0) };
  }

  async resetCounts(keyId: string, windows: { minute: boolean; day: boolean }, nowMs: number): Promise<void> {
    const { minuteKey, dayKey } = this.#windowKeys(keyId, nowMs);
    const names = [...(windows.minute ? [minuteKey] : []), ...(windows.day ? [dayKey] : [])];
    if (names.length > 0) await this.#redis.del(...names);
  }

  async spend(keyId: string, spent: KeyCounts, nowMs: number): Promise<void> {
    const { minuteKey, dayKey, minuteTtl, dayTtl } = this.#windowKeys(keyId, nowMs);
    const batch = this.#redis.multi();
    if (spent.minute > 0) batch.incrby(minuteKey, spent.minute).pexpire(minuteKey, minuteTtl);
    if (spent.day > 0) batch.incrby(dayKey, spent.day).pexpire(dayKey, dayTtl);
    await batch.exec();
  }

  /**
   * Redis's reply, or a rejection once Redis has had `commandTimeoutMs` to answer. Why not
   * ioredis's `commandTimeout`: its timer runs in the event loop's timers phase, before the poll
   * phase reads the socket, so after any stall of this process longer than the timeout — a
   * machine busy with other work descheduling it, a long collection, start-up work — it rejected
   * commands whose replies were already waiting in the socket, and Redis had counted them: a
   * first burst on fresh instances beside a CPU-heavy process answered 500 with quota spent
   * (issue #22). Here a timer that fires late (the process was not running) starts the wait
   * again, and an expiry is judged only after the next poll phase has read what arrived. A reply
   * that still comes after its request was answered 500 gives its admission back (`refund`).
   */
  #inTime(reply: Promise<ConsumeReply>, refund: () => void): Promise<ConsumeReply> {
    return new Promise<ConsumeReply>((resolve, reject) => {
      let settled = false;
      let timedOut = false;
      let extensions = 0;
      let due = performance.now() + this.#timeoutMs;
      const expire = () => {
        if (performance.now() - due > STALL_MS && extensions < MAX_STALL_EXTENSIONS) {
          extensions += 1;
          due = performance.now() + this.#timeoutMs;
          timer = setTimeout(expire, this.#timeoutMs);
          return;
        }
        setImmediate(() => {
          if (settled) return;
          timedOut = true;
          reject(new Error(`Redis did not answer within ${this.#timeoutMs} ms`));
        });
      };
      let timer = setTimeout(expire, this.#timeoutMs);
      reply.then(
        (value) => {
          settled = true;
          clearTimeout(timer);
          if (!timedOut) resolve(value);
          else if (value[0] === 1) refund();
        },
        (error: unknown) => {
          settled = true;
          clearTimeout(timer);
          if (!timedOut) reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Logged without the counters' names: they hold the key itself. */
  #refund(minuteKey: string, dayKey: string): void {
    this.#redis.refundRateLimit(minuteKey, dayKey).then(
      () => this.#logger?.warn('late Redis reply: admission given back (its request was answered 500)'),
      (error: unknown) =>
        this.#logger?.error({ err: error }, 'late Redis reply: the admission could not be given back'),
    );
  }

  async close(): Promise<void> {
    this.#connected = false;
    this.#redis.disconnect();
  }
}
