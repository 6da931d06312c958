/**
 * What the variants of blind set 4 (set-4.ts) do where it is more than a line at its guard: the
 * collections' extra links and meta, integers read with leading zeros, the daily stamp, the
 * statistics and activity-pattern parameters and defaults, the series through `to`, the errors'
 * details and documentation links, the security and IETF rate-limit headers, the longer base path
 * and the trailing newline. Nothing here runs unless one of those variants is on.
 */
import type { RequestHandler, Response } from 'express';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { sampleTimes } from '../../../fixtures/src/samples.ts';
import { API_PREFIX, type Clock } from '../context.ts';
import { DAY_SECONDS, parseDateRange } from '../domain/date-range.ts';
import type { DomainError, DomainResult, RawQuery } from '../domain/domain-result.ts';
import { TAG_PARAMETER_NAMES } from '../domain/game-query.ts';
import { lastPage, pageLink, type PageRequest, type PaginationLinks } from '../domain/pagination.ts';
import { MAX_POINTS, toPoint } from '../domain/statistics.ts';
import { bucketStarts, countBuckets, type Resolution } from '../domain/statistics-buckets.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { onAnswer } from '../respond.ts';
import type { VariantSet } from '../variants.ts';

/** Variant `bv4-base-under-longer-prefix`: where the deployment lives on its origin. */
export const DEPLOYMENT_ROOT = '/mudverse';

/** The path the API is mounted at (`/api/v1`, or under the deployment root for `bv4-base-under-longer-prefix`). */
export function apiPrefixOf(variants: ReadonlySet<string> | undefined): string {
  return variants?.has('bv4-base-under-longer-prefix') ? `${DEPLOYMENT_ROOT}${API_PREFIX}` : API_PREFIX;
}

/**
 * Variants `bv4-links-first-last`, `bv4-meta-total-pages`: a collection with the first and last
 * pages' links (built as `self` is) and the number of pages holding items.
 */
export function pagedWithExtras<
  T extends { meta: { page: number; per_page: number; total: number }; links: PaginationLinks },
>(body: T, request: PageRequest, variants: VariantSet): T {
  let out = body;
  if (variants.has('bv4-links-first-last')) {
    const { resourceUrl, rawQuery, total, perPage } = request;
    const { self, ...around } = out.links;
    out = {
      ...out,
      links: {
        self,
        first: pageLink(resourceUrl, rawQuery, 1),
        ...around,
        last: pageLink(resourceUrl, rawQuery, lastPage(total, perPage)),
      },
    };
  }
  if (variants.has('bv4-meta-total-pages')) {
    out = { ...out, meta: { ...out.meta, total_pages: Math.ceil(out.meta.total / out.meta.per_page) } };
  }
  return out;
}

/** The query parameters whose values are integers (GET /games, GET /reviews). */
const INTEGER_PARAMETERS: ReadonlySet<string> = new Set([
  'page',
  'per_page',
  'game_id',
  'has_reviews',
  'recently_updated',
  'online_recently',
  ...TAG_PARAMETER_NAMES,
]);

/** Leading zeros of a run of digits; the last digit is kept (`00` → `0`). */
const LEADING_ZEROS = /^0+(?=[0-9])/;
/** An id segment of `/games/{gameId}…` or `/reviews/{reviewId}` made of digits with leading zeros. */
const ZERO_PADDED_ID = /^(\/(?:games|reviews)\/)0+(?=[0-9]+(?:\/|$))/;

/** One `name=value` of a query string with an integer value's leading zeros dropped; anything else as it is. */
function withoutLeadingZeros(pair: string): string {
  const [entry] = new URLSearchParams(pair);
  if (entry === undefined) return pair;
  const [name, value] = entry;
  if (!INTEGER_PARAMETERS.has(name) || !/^0+[0-9]+$/.test(value)) return pair;
  return `${pair.slice(0, pair.indexOf('='))}=${value.replace(LEADING_ZEROS, '')}`;
}

/**
 * Variant `bv4-leading-zeros-read-as-integers`: the URL the routes read with the leading zeros of
 * its integer values and ids dropped (as `int('007')` reads them); `originalUrl`, which the links
 * preserve, stays as sent.
 */
export function leadingZerosDropped(): RequestHandler {
  return (req, _res, next) => {
    const at = req.url.indexOf('?');
    const path = (at < 0 ? req.url : req.url.slice(0, at)).replace(ZERO_PADDED_ID, '$1');
    const query =
      at < 0
        ? ''
        : `?${req.url
            .slice(at + 1)
            .split('&')
            .map(withoutLeadingZeros)
            .join('&')}`;
    req.url = `${path}${query}`;
    next();
  };
}

/** A player history answer, as far as this module reads it. */
interface DailyAnswer {
  data: Array<{ recorded_at: string; players: number }>;
  meta: { granularity: string; to: string };
}

/**
 * Variant `bv4-daily-stamped-at-last-sample`: each daily average stamped with the time of the
 * latest raw sample of its day (within the range, none after now), as `MAX(recorded_at)` gives it.
 */
export function stampedAtLastSample<T>(
  result: DomainResult<T>,
  game: GameRecord,
  nowMs: number,
): DomainResult<T> {
  if (!('ok' in result)) return result;
  const answer = result.ok as unknown as DailyAnswer;
  if (answer.meta.granularity !== 'daily') return result;
  const endSec = Date.parse(`${answer.meta.to}T00:00:00Z`) / 1000 + DAY_SECONDS - 1;
  const now = Math.floor(nowMs / 1000);
  const data = answer.data.map((sample) => {
    const day = Date.parse(sample.recorded_at) / 1000;
    let latest: number | undefined;
    for (const t of sampleTimes(game, day, Math.min(day + DAY_SECONDS - 1, endSec), now)) latest = t;
    return latest === undefined ? sample : { ...sample, recorded_at: formatUtcTimestamp(latest) };
  });
  return { ok: { ...answer, data } as unknown as T };
}

/** Variant `bv4-statistics-stat-interval-parameters`: this server's parameter names → the domain's. */
const STATISTICS_NAMES: ReadonlyArray<readonly [ours: string, domain: string]> = [
  ['stat', 'metric'],
  ['interval', 'resolution'],
];
/** Variant `bv4-activity-timezone-parameter-tz`: this server's name of the time zone. */
const ACTIVITY_NAMES: ReadonlyArray<readonly [ours: string, domain: string]> = [['tz', 'timezone']];

/** `raw` with the parameters of `names` read under this server's names, the domain's own names dropped. */
function renamedQuery(raw: RawQuery, names: ReadonlyArray<readonly [string, string]>): RawQuery {
  const out = Object.create(null) as RawQuery;
  const domainNames = new Set(names.map(([, domain]) => domain));
  for (const [name, value] of Object.entries(raw)) if (!domainNames.has(name)) out[name] = value;
  for (const [ours, domain] of names) {
    delete out[ours];
    if (raw[ours] !== undefined) out[domain] = raw[ours];
  }
  return out;
}

/** An error of the domain told with this server's parameter names (details and message). */
function renamedError<T>(
  result: DomainResult<T>,
  names: ReadonlyArray<readonly [string, string]>,
): DomainResult<T> {
  if (!('error' in result)) return result;
  let { message, details } = result.error;
  for (const [ours, domain] of names) {
    message = message.replaceAll(`'${domain}'`, `'${ours}'`);
    const named = details as { parameter?: unknown } | undefined;
    if (named?.parameter === domain) details = { ...named, parameter: ours };
  }
  const error: DomainError = { ...result.error, message };
  if (details !== undefined) error.details = details;
  return { error };
}

/**
 * Variant `bv4-statistics-resolution-auto`: the finest resolution whose points over the range fit
 * in MAX_POINTS (`raw` for a single day); undefined when the range is invalid (the domain refuses it).
 */
function autoResolution(query: RawQuery, nowMs: number): Resolution | undefined {
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: 'invalid_statistics_query' });
  if ('error' in range) return undefined;
  const { startSec, endSec, days } = range.ok;
  if (days === 1) return 'raw';
  const candidates: Resolution[] = ['hourly', 'daily', 'weekly'];
  return candidates.find((r) => countBuckets(r, startSec, endSec, MAX_POINTS) <= MAX_POINTS) ?? 'monthly';
}

/**
 * Variants `bv4-statistics-stat-interval-parameters`, `bv4-statistics-resolution-auto`: the
 * statistics query under the domain's names, a resolution chosen when none is asked for.
 */
export function statisticsQueryAsNamed(raw: RawQuery, nowMs: number, variants: VariantSet): RawQuery {
  const query = variants.has('bv4-statistics-stat-interval-parameters')
    ? renamedQuery(raw, STATISTICS_NAMES)
    : raw;
  if (!variants.has('bv4-statistics-resolution-auto') || query.resolution !== undefined) return query;
  const resolution = autoResolution(query, nowMs);
  return resolution === undefined ? query : { ...query, resolution };
}

/** Variant `bv4-statistics-stat-interval-parameters`: a refusal naming `stat` and `interval`. */
export function statisticsAnswerAsNamed<T>(result: DomainResult<T>, variants: VariantSet): DomainResult<T> {
  return variants.has('bv4-statistics-stat-interval-parameters')
    ? renamedError(result, STATISTICS_NAMES)
    : result;
}

/** Variant `bv4-activity-timezone-parameter-tz`: the time zone read from `tz`. */
export function activityQueryAsNamed(raw: RawQuery): RawQuery {
  return renamedQuery(raw, ACTIVITY_NAMES);
}

/** Variant `bv4-activity-timezone-parameter-tz`: a refusal naming `tz`. */
export function activityAnswerAsNamed<T>(result: DomainResult<T>): DomainResult<T> {
  return renamedError(result, ACTIVITY_NAMES);
}

/** A statistics answer, as far as this module reads it. */
interface StatisticsAnswer {
  data: Array<{ date: number }>;
  meta: { resolution: Resolution; from: string; to: string };
}

/**
 * Variant `bv4-statistics-series-through-to`: every bucket of the range through `to`; those after
 * the last one answered (not begun yet) with no observation, their values null.
 */
export function seriesThroughTo<T>(result: DomainResult<T>): DomainResult<T> {
  if (!('ok' in result)) return result;
  const answer = result.ok as unknown as StatisticsAnswer;
  const { resolution, from, to } = answer.meta;
  const startSec = Date.parse(`${from}T00:00:00Z`) / 1000;
  const endSec = Date.parse(`${to}T00:00:00Z`) / 1000 + DAY_SECONDS - 1;
  const after = answer.data.at(-1)?.date ?? Number.NEGATIVE_INFINITY;
  const data: unknown[] = [...answer.data];
  for (const date of bucketStarts(resolution, startSec, endSec))
    if (date > after) data.push(toPoint(date, undefined));
  return { ok: { ...answer, data } as unknown as T };
}

/** helmet()'s default headers (helmet 8), as an Express team mounting it unchanged sends them. */
const HELMET_HEADERS: ReadonlyArray<readonly [string, string]> = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
      "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
      "style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Variant `bv4-helmet-security-headers`: helmet's defaults on every answer. */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of HELMET_HEADERS) res.setHeader(name, value);
    next();
  };
}

/**
 * Variant `bv4-ietf-ratelimit-headers`: when the head of a counted answer goes out, the IETF draft's
 * headers (express-rate-limit's `draft-7`) beside X-RateLimit-*: both windows' policies, and the
 * binding budget as X-RateLimit-* report it, its reset as seconds from now.
 */
export function ietfRateLimitHeaders(clock: Clock): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { writeHead: (...args: unknown[]) => Response }).writeHead = (...args) => {
      const limit = res.getHeader('X-RateLimit-Limit');
      const remaining = res.getHeader('X-RateLimit-Remaining');
      const reset = Number(res.getHeader('X-RateLimit-Reset'));
      const key = res.locals.apiKey;
      if (limit !== undefined && remaining !== undefined && key !== undefined && !res.headersSent) {
        const seconds = Math.max(0, reset - Math.floor(clock.now() / 1000));
        res.setHeader('RateLimit-Policy', `${key.per_minute};w=60, ${key.per_day};w=86400`);
        res.setHeader(
          'RateLimit',
          `limit=${String(limit)}, remaining=${String(remaining)}, reset=${seconds}`,
        );
      }
      return writeHead(...args);
    };
    next();
  };
}

/** Variant `bv4-json-trailing-newline`: every JSON body followed by a newline. */
export function newlineEnded(): RequestHandler {
  return (_req, res, next) => {
    onAnswer(res, (body) => {
      if (res.headersSent || !/^application\/json\b/i.test(String(res.getHeader('Content-Type') ?? '')))
        return undefined;
      const ended = Buffer.concat([body, Buffer.from('\n')]);
      if (res.hasHeader('Content-Length')) res.setHeader('Content-Length', ended.length);
      return ended;
    });
    next();
  };
}
