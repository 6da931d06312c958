/**
 * What the variants of blind set 1 (set-1.ts) do where it is more than a line at its guard: the
 * answer rewriter (JSON text, Content-Type, framing, connection, compression, error messages),
 * the request ids, the orders, the statistics' names and the minute window from a key's first
 * request. Nothing here runs unless one of those variants is on.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import type { DomainResult } from '../domain/domain-result.ts';
import type { ActivityCell } from '../domain/activity-pattern.ts';
import type { TagList } from '../domain/tags.ts';
import type {
  KeyCounts,
  RateLimitCounters,
  RateLimitDecision,
  RateLimits,
  RateLimitStore,
} from '../rate-limiter.ts';
import type { VariantSet } from '../variants.ts';

/** How the answer rewriter writes JSON text (each option one variant). */
interface JsonStyle {
  indent: boolean;
  sortKeys: boolean;
  escapeSlashes: boolean;
  averageTwoDecimals: boolean;
}

/** A JSON string literal, `/` escaped as `\/` when asked (a `/` in JSON.stringify's output is always a literal one). */
function quote(text: string, style: JsonStyle): string {
  const quoted = JSON.stringify(text);
  return style.escapeSlashes ? quoted.replaceAll('/', '\\/') : quoted;
}

/** `average_rating` with two decimals when that spelling denotes the very same number. */
function numberText(value: number, key: string | undefined, style: JsonStyle): string {
  if (style.averageTwoDecimals && key === 'average_rating' && Number.isFinite(value)) {
    const fixed = value.toFixed(2);
    if (Number(fixed) === value) return fixed;
  }
  return JSON.stringify(value);
}

/** `value` (parsed JSON) written as JSON text in `style`; compact with every option off, as JSON.stringify. */
export function writeJson(value: unknown, style: JsonStyle, key?: string, depth = 0): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return numberText(value, key, style);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return quote(value, style);
  const inner = style.indent ? `\n${'  '.repeat(depth + 1)}` : '';
  const outer = style.indent ? `\n${'  '.repeat(depth)}` : '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => writeJson(item, style, undefined, depth + 1));
    return `[${inner}${items.join(`,${inner}`)}${outer}]`;
  }
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  if (style.sortKeys) names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0) return '{}';
  const colon = style.indent ? ': ' : ':';
  const members = names.map(
    (name) => `${quote(name, style)}${colon}${writeJson(record[name], style, name, depth + 1)}`,
  );
  return `{${inner}${members.join(`,${inner}`)}${outer}}`;
}

/** Variant `bv1-error-messages-reworded`: the one message of each error code. */
const REWORDED: Record<string, string> = {
  authentication_required: 'Authentication required.',
  invalid_api_key: 'Invalid API key.',
  route_not_found: 'Not found.',
  game_not_found: 'Game not found.',
  review_not_found: 'Review not found.',
  method_not_allowed: 'Method not allowed.',
  endpoint_retired: 'Gone.',
  gone: 'Gone.',
  invalid_filter: 'Invalid filter.',
  invalid_date_range: 'Invalid date range.',
  invalid_statistics_query: 'Invalid statistics query.',
  rate_limit_exceeded: 'Too many requests.',
  internal_error: 'Internal server error.',
  statistics_pending: 'Statistics pending.',
  statistics_unavailable: 'Statistics unavailable.',
};

/** An error envelope's message reworded (variant `bv1-error-messages-reworded`); other bodies as they are. */
function rewordedError(body: unknown): unknown {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return body;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return body;
  (error as { message: string }).message = REWORDED[code] ?? 'Request failed.';
  return body;
}

/** Whether an Accept-Encoding value accepts gzip (RFC 9110 §12.5.3: `gzip`, `x-gzip` or `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    const name = coding.toLowerCase();
    if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (name === '*') any = q;
  }
  return (gzip ?? any ?? 0) > 0;
}

/** Adds `field` to the answer's Vary header. */
function vary(res: Response, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined || current === '') res.setHeader('Vary', field);
  else if (
    !String(current)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    res.setHeader('Vary', `${String(current)}, ${field}`);
}

const REWRITING = [
  'bv1-json-pretty-printed',
  'bv1-json-keys-sorted',
  'bv1-json-slashes-escaped',
  'bv1-average-rating-two-decimals',
  'bv1-content-type-without-charset',
  'bv1-chunked-transfer',
  'bv1-connection-close',
  'bv1-gzip-when-accepted',
  'bv1-error-messages-reworded',
] as const;

/**
 * The layer that writes every answer's bytes, for the variants of set 1 that choose how: the JSON
 * text, the Content-Type, the framing, the connection, the compression and the error messages.
 * Undefined (nothing mounted) when none of them is on.
 */
export function answerRewriter(variants: VariantSet): RequestHandler | undefined {
  if (!REWRITING.some((name) => variants.has(name))) return undefined;
  const style: JsonStyle = {
    // Blind variant `bv1-json-pretty-printed`: JSON indented by two spaces.
    indent: variants.has('bv1-json-pretty-printed'),
    // Blind variant `bv1-json-keys-sorted`: object members in alphabetical order.
    sortKeys: variants.has('bv1-json-keys-sorted'),
    // Blind variant `bv1-json-slashes-escaped`: `/` written `\/` in strings.
    escapeSlashes: variants.has('bv1-json-slashes-escaped'),
    // Blind variant `bv1-average-rating-two-decimals`: `average_rating` spelled with two decimals.
    averageTwoDecimals: variants.has('bv1-average-rating-two-decimals'),
  };
  // Blind variant `bv1-error-messages-reworded`: one fixed message per error code.
  const reword = variants.has('bv1-error-messages-reworded');
  const rewritesJson =
    reword || style.indent || style.sortKeys || style.escapeSlashes || style.averageTwoDecimals;
  // Blind variant `bv1-content-type-without-charset`: `application/json`, no charset parameter.
  const bareType = variants.has('bv1-content-type-without-charset');
  // Blind variant `bv1-chunked-transfer`: bodies sent chunked, without Content-Length.
  const chunked = variants.has('bv1-chunked-transfer');
  // Blind variant `bv1-connection-close`: the connection closed after every answer.
  const close = variants.has('bv1-connection-close');
  // Blind variant `bv1-gzip-when-accepted`: gzip when the request accepts it.
  const gzip = variants.has('bv1-gzip-when-accepted');

  return (req, res, next) => {
    if (close) res.setHeader('Connection', 'close');
    if (gzip) vary(res, 'Accept-Encoding');
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args) => {
      const [chunk, encoding] = args;
      if (res.headersSent || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return end(...args);
      let body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : chunk;
      if (/^application\/json\b/i.test(String(res.getHeader('Content-Type') ?? ''))) {
        if (rewritesJson) {
          try {
            const parsed: unknown = JSON.parse(body.toString('utf8'));
            body = Buffer.from(writeJson(reword ? rewordedError(parsed) : parsed, style));
          } catch {
            // Not JSON after all: sent as it is.
          }
        }
        if (bareType) res.setHeader('Content-Type', 'application/json');
      }
      if (gzip && body.length > 0 && acceptsGzip(req.headers['accept-encoding'])) {
        body = gzipSync(body);
        res.setHeader('Content-Encoding', 'gzip');
      }
      if (chunked) {
        res.removeHeader('Content-Length');
        if (body.length > 0) res.write(body);
        return end();
      }
      res.setHeader('Content-Length', body.length);
      return end(body);
    };
    next();
  };
}

/** Blind variant `bv1-request-id-prefixed`: each request's id `req_` and 24 hex digits, in place of the UUID. */
export function prefixedRequestIds(): RequestHandler {
  return (_req, res, next) => {
    res.locals.requestId = `req_${randomBytes(12).toString('hex')}`;
    next();
  };
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Blind variant `bv1-tags-by-name`: the groups, and each group's values, by name. */
export function tagsByName<T extends TagList>(list: T): T {
  return {
    ...list,
    data: list.data.map((group) => ({ ...group, values: [...group.values].sort(byName) })).sort(byName),
  };
}

/** Blind variant `bv1-custom-tags-by-name`: custom tags by name. */
export function customTagsByName<T extends { name: string }>(tags: readonly T[]): T[] {
  return [...tags].sort(byName);
}

/** Blind variant `bv1-activity-weekday-sunday-zero`: ISO weekdays (1 = Monday … 7 = Sunday) as 0 = Sunday … 6, cells from Sunday 00h. */
export function cellsFromSunday(result: DomainResult<unknown>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as { data: ActivityCell[] };
  const data = answer.data
    .map((cell) => ({ ...cell, weekday: cell.weekday % 7 }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  return { ok: { ...answer, data } };
}

/** Blind variant `bv1-statistics-point-names`: each point's fields under the names of this server. */
export function renamedPoints(result: DomainResult<unknown>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as {
    data: Array<{
      date: number;
      count: number;
      average: number | null;
      min: number | null;
      max: number | null;
    }>;
  };
  const data = answer.data.map(({ date, count, average, min, max }) => ({
    timestamp: date,
    observations: count,
    avg: average,
    min,
    max,
  }));
  return { ok: { ...answer, data } };
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface WindowUsage {
  /** When the key's current minute window began (its first counted request), epoch ms. */
  minuteStart: number;
  minuteCount: number;
  /** The UTC day counted, epoch ms of its midnight. */
  dayStart: number;
  dayCount: number;
}

/**
 * Blind variant `bv1-minute-window-from-first-request`: the per-key counters as an INCR with an
 * EXPIRE of 60 s set on the first request keeps them: a minute window opens at a key's first
 * request after the previous one ended and lasts 60 s; the day is the UTC day. A refused request
 * is not counted. Reset is the binding window's end (the minute on a tie), in whole seconds,
 * rounded up; Retry-After the seconds until it.
 */
export class FirstRequestMinuteLimiter implements RateLimitStore, RateLimitCounters {
  readonly #usage = new Map<string, WindowUsage>();

  consume(keyId: string, limits: RateLimits, nowMs: number): RateLimitDecision {
    const usage = this.#current(keyId, nowMs);
    if (usage.minuteCount === 0) usage.minuteStart = nowMs;
    const minuteEnd = usage.minuteStart + MINUTE_MS;
    const dayEnd = usage.dayStart + DAY_MS;
    const dayExhausted = usage.dayCount >= limits.perDay;
    if (usage.minuteCount >= limits.perMinute || dayExhausted) {
      const resetMs = dayExhausted ? dayEnd : minuteEnd;
      return {
        allowed: false,
        limit: limits.perMinute,
        remaining: 0,
        reset: Math.ceil(resetMs / 1000),
        retryAfter: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
      };
    }
    usage.minuteCount += 1;
    usage.dayCount += 1;
    const minuteRemaining = limits.perMinute - usage.minuteCount;
    const dayRemaining = limits.perDay - usage.dayCount;
    return {
      allowed: true,
      limit: limits.perMinute,
      remaining: Math.min(minuteRemaining, dayRemaining),
      reset: Math.ceil((minuteRemaining <= dayRemaining ? minuteEnd : dayEnd) / 1000),
      minuteRemaining,
    };
  }

  counts(keyId: string, nowMs: number): KeyCounts {
    const usage = this.#current(keyId, nowMs);
    return { minute: usage.minuteCount, day: usage.dayCount };
  }

  resetCounts(keyId: string, windows: { minute: boolean; day: boolean }, nowMs: number): void {
    const usage = this.#current(keyId, nowMs);
    if (windows.minute) usage.minuteCount = 0;
    if (windows.day) usage.dayCount = 0;
  }

  spend(keyId: string, spent: KeyCounts, nowMs: number): void {
    const usage = this.#current(keyId, nowMs);
    if (usage.minuteCount === 0 && spent.minute > 0) usage.minuteStart = nowMs;
    usage.minuteCount += spent.minute;
    usage.dayCount += spent.day;
  }

  /** The key's counters at `nowMs`: a minute window past its 60 s emptied, a new UTC day started afresh. */
  #current(keyId: string, nowMs: number): WindowUsage {
    const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
    let usage = this.#usage.get(keyId);
    if (usage === undefined) {
      usage = { minuteStart: nowMs, minuteCount: 0, dayStart, dayCount: 0 };
      this.#usage.set(keyId, usage);
    }
    if (nowMs >= usage.minuteStart + MINUTE_MS) {
      usage.minuteStart = nowMs;
      usage.minuteCount = 0;
    }
    if (usage.dayStart !== dayStart) {
      usage.dayStart = dayStart;
      usage.dayCount = 0;
    }
    return usage;
  }
}
