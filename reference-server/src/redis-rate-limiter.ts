/**
 * The per-key minute and UTC-day counters in Redis, so that several reference instances
 * behind a load balancer enforce one limit exactly (`--redis-url`). The check and the count
 * are one Lua script — Redis runs a script atomically — on ioredis, a maintained client.
 * Windows follow the app's injected clock (not Redis's), each counter keyed by its window's
 * start and expiring after it, so headers and resets are exactly those of the in-memory store.
 *
 * Redis unreachable: the client fails fast (no offline queue, no retries per command, a short
 * command timeout) and the middleware fails closed (500 internal_error, logged) — never
 * unlimited traffic.
 */
import { Redis } from 'ioredis';
import {
  admission,
  refusal,
  windowsAt,
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

type ConsumeReply = [number, number, number];

interface ScriptedRedis extends Redis {
  consumeRateLimit(minuteKey: string, dayKey: string, ...args: Array<string | number>): Promise<ConsumeReply>;
}

export interface RedisRateLimiterOptions {
  /** `redis://host:port/db`. */
  url: string;
  /** Prefix of the counters' keys (several deployments on one Redis). */
  prefix?: string;
  /** How long a command may take before the request fails closed (default 1,000 ms). */
  commandTimeoutMs?: number;
}

export class RedisRateLimiter implements RateLimitStore {
  readonly #redis: ScriptedRedis;
  readonly #prefix: string;

  constructor(options: RedisRateLimiterOptions) {
    const redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      lazyConnect: false,
    });
    // Connection errors surface on each command (fail closed); the event itself is not fatal.
    redis.on('error', () => {});
    redis.defineCommand('consumeRateLimit', { numberOfKeys: 2, lua: CONSUME_SCRIPT });
    this.#redis = redis as ScriptedRedis;
    this.#prefix = options.prefix ?? 'gamedir:rl';
  }

  /** Resolves once connected (tests and the CLI wait for it before serving). */
  async ready(): Promise<void> {
    if (this.#redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      this.#redis.once('ready', () => resolve());
      this.#redis.once('end', () => reject(new Error('Redis connection closed before it was ready')));
    });
  }

  async consume(keyId: string, limits: RateLimits, nowMs: number): Promise<RateLimitDecision> {
    const { minuteStart, dayStart } = windowsAt(nowMs);
    const [allowed, minute, day] = await this.#redis.consumeRateLimit(
      `${this.#prefix}:${keyId}:m:${minuteStart}`,
      `${this.#prefix}:${keyId}:d:${dayStart}`,
      limits.perMinute,
      limits.perDay,
      // Past the window's end, with a margin for clocks that differ between instances.
      minuteStart + MINUTE_MS - nowMs + MINUTE_MS,
      dayStart + DAY_MS - nowMs + MINUTE_MS,
    );
    if (allowed === 1) return admission(limits, nowMs, minute, day);
    return refusal(limits, nowMs, day >= limits.perDay);
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
