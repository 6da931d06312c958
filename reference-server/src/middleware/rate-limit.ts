import { randomUUID } from 'node:crypto';
import type { NextFunction, RequestHandler, Response } from 'express';
import type { ApiKeyRecord } from '../../../fixtures/src/model.ts';
import type { Logger } from 'pino';
import type { Clock } from '../context.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import { nextMidnightOneBasedMonth, unroundedWait } from '../blind-faults/set-28-calendar.ts';
import {
  limitOfLastLoadedPlan,
  minuteOfConnection,
  retryAfterOfMinute,
} from '../blind-faults/set-31-leaks.ts';
import { RETRY_AFTER_CAP_SECONDS, STATISTICS_PATH } from '../blind-faults/set-37-hotfixes.ts';
import { resetReadInBerlin } from '../blind-faults/set-38-database.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import {
  hasCounters,
  RateLimiter,
  type RateLimitCounters,
  type RateLimitDecision,
  type RateLimits,
  type RateLimitStore,
} from '../rate-limiter.ts';
import { errorEnvelope } from '../errors.ts';
import { sendError } from '../respond.ts';

/** Blind fault `blind13-minute-limit-default-for-every-key`: §8's per-minute limit of a new key. */
const DEFAULT_PER_MINUTE = 60;

/** Blind fault `blind23-ietf-ratelimit-headers-custom-plans`: §8's per-day limit of a new key. */
const DEFAULT_PER_DAY = 10_000;

/** Blind fault `blind20-limits-plan-memoised-per-connection`: the plan (limits) first looked up on each connection. */
const plansOfConnections = new WeakMap<object, ApiKeyRecord>();

/**
 * Rate-limit accounting (§7 "Response headers", §8; D31–D33), right after
 * authentication: every authenticated request gets the X-RateLimit-* headers and
 * X-Request-ID from here on (200, 404, 405, 422, 429, 503); an exhausted budget
 * answers 429 `rate_limit_exceeded` with Retry-After. A store that cannot answer (Redis
 * unreachable) fails closed: 500 `internal_error` with X-Request-ID (§7), and a log line.
 */
export function accountRateLimit(
  limiter: RateLimitStore,
  clock: Clock,
  faults: FaultSet = NO_FAULTS,
  logger?: Logger,
): RequestHandler {
  const failClosed = (res: Response, error: unknown) => {
    logger?.error(
      { err: error, request_id: res.locals.requestId },
      'rate-limit store unreachable: refusing the request (fail closed)',
    );
    res.setHeader('X-Request-ID', res.locals.requestId);
    sendError(res, 'internal_error');
  };
  /** Blind fault `blind20-limits-split-over-two-instances`: the requests counted so far, sent to the instances in turn, and the second instance's own counters. */
  let balanced = 0;
  let secondInstance: RateLimiter | undefined;
  // Blind fault `blind25-statistics-own-rate-limiter`: the statistics router's own limiter.
  let statisticsInstance: RateLimiter | undefined;
  /** Blind fault `blind20-day-count-read-from-lagging-replica`: each key's day count as the replica has it, synced every minute. */
  const replicaDayCounts = new Map<string, { minute: number; day: number }>();
  /** Blind fault `blind27-429-request-id-of-last-admitted`: the id kept on each key's rate-limit record. */
  const lastAdmittedIds = new Map<string, string>();
  return (_req, res, next) => {
    // Blind fault `blind3-tags-skip-rate-limit`: the taxonomy served as a static route ahead of the accounting.
    if (blindFault(faults, 'blind3-tags-skip-rate-limit') && /^\/tags\/?$/.test(_req.path)) {
      next();
      return;
    }
    const key = res.locals.apiKey!;
    const nowMs = clock.now();
    let pending: RateLimitDecision | Promise<RateLimitDecision>;
    // Blind faults `blind11-day-quota-403`, `blind11-429-remaining-day-budget`: the key's UTC-day count, read after the check.
    let dayCount: number | undefined;
    try {
      // Blind fault `blind2-limits-counted-per-client`: the counters keyed by the client address, not the key.
      let counted = blindFault(faults, 'blind2-limits-counted-per-client') ? `client ${_req.ip}` : key.key;
      // Blind fault `blind7-limits-counted-per-route`: the counters keyed by the key and the request's path.
      if (blindFault(faults, 'blind7-limits-counted-per-route')) counted = `${counted} ${_req.path}`;
      // Blind fault `blind16-limits-keyed-by-authorization-text`: the counters keyed by the Authorization header as sent.
      if (blindFault(faults, 'blind16-limits-keyed-by-authorization-text'))
        counted = `authorization ${String(_req.headers.authorization ?? key.key)}`;
      // Blind fault `blind4-minute-limit-one-short`: the minute budget refused once count + 1 >= limit.
      let perMinute = blindFault(faults, 'blind4-minute-limit-one-short')
        ? key.per_minute - 1
        : key.per_minute;
      // Blind fault `blind13-minute-limit-default-for-every-key`: the minute limiter configured once, with the new keys' default.
      if (blindFault(faults, 'blind13-minute-limit-default-for-every-key')) perMinute = DEFAULT_PER_MINUTE;
      // Blind fault `blind25-minute-limit-clamped-16-bit`: the per-minute limit read from a SMALLINT UNSIGNED column.
      if (blindFault(faults, 'blind25-minute-limit-clamped-16-bit')) perMinute = Math.min(perMinute, 65_535);
      let perDay = key.per_day;
      // Blind fault `blind20-limits-plan-memoised-per-connection`: the connection's first plan, whichever key is sent.
      if (blindFault(faults, 'blind20-limits-plan-memoised-per-connection')) {
        let plan = plansOfConnections.get(_req.socket);
        if (plan === undefined) plansOfConnections.set(_req.socket, (plan = key));
        perMinute = plan.per_minute;
        perDay = plan.per_day;
      }
      let store = limiter;
      // Blind fault `blind20-limits-split-over-two-instances`: every second request goes to the other instance's counters.
      if (blindFault(faults, 'blind20-limits-split-over-two-instances') && balanced++ % 2 === 1) {
        store = secondInstance ??= new RateLimiter(faults);
      }
      if (
        blindFault(faults, 'blind25-statistics-own-rate-limiter') &&
        /\/(statistics|activity-pattern)\/?$/.test(_req.path)
      ) {
        store = statisticsInstance ??= new RateLimiter(faults);
      }
      // Blind fault `blind20-day-count-read-from-lagging-replica`: the day checked against the count of the minute's start.
      if (blindFault(faults, 'blind20-day-count-read-from-lagging-replica') && hasCounters(limiter)) {
        const counts = limiter.counts(counted, nowMs);
        if (!(counts instanceof Promise)) {
          const minute = Math.floor(nowMs / 60_000);
          let replica = replicaDayCounts.get(counted);
          if (replica?.minute !== minute)
            replicaDayCounts.set(counted, (replica = { minute, day: counts.day }));
          perDay += counts.day - replica.day;
        }
      }
      pending =
        faults.has('rate-limit-count-not-atomic') && hasCounters(store)
          ? countedAfterARoundTrip(store, counted, { perMinute, perDay }, nowMs)
          : store.consume(counted, { perMinute, perDay }, nowMs);
      // Blind fault `blind17-raw-history-costs-two`: the raw player history charged as two requests (a weighted cost).
      if (
        blindFault(faults, 'blind17-raw-history-costs-two') &&
        !(pending instanceof Promise) &&
        pending.allowed &&
        /^\/games\/[^/]+\/players\/?$/.test(_req.path) &&
        new URL(_req.originalUrl, 'http://x').searchParams.get('granularity') === 'raw'
      ) {
        pending = limiter.consume(counted, { perMinute, perDay: key.per_day }, nowMs);
      }
      // Blind fault `blind27-other-methods-counted-twice`: the accounting mounted on the method-guard router too.
      if (
        blindFault(faults, 'blind27-other-methods-counted-twice') &&
        !(pending instanceof Promise) &&
        pending.allowed &&
        _req.method !== 'GET'
      ) {
        pending = store.consume(counted, { perMinute, perDay }, nowMs);
      }
      // Blind fault `blind37-statistics-503-retry-counted-twice`: the handler's retry of a 503 counted again.
      if (
        blindFault(faults, 'blind37-statistics-503-retry-counted-twice') &&
        !(pending instanceof Promise) &&
        pending.allowed &&
        STATISTICS_PATH.test(_req.path)
      ) {
        const [retried, limits, keyId] = [store, { perMinute, perDay }, counted];
        res.on('finish', () => {
          if (res.statusCode === 503)
            void Promise.resolve(retried.consume(keyId, limits, clock.now())).catch(() => undefined);
        });
      }
      // Blind fault `blind31-minute-count-cached-on-connection`: the key's minute record kept on the socket, never rolled over.
      if (blindFault(faults, 'blind31-minute-count-cached-on-connection') && !(pending instanceof Promise)) {
        pending = minuteOfConnection(
          faults,
          _req.socket,
          counted,
          { perMinute, perDay },
          pending,
          store,
          nowMs,
        );
      }
      if (
        (blindFault(faults, 'blind11-day-quota-403') ||
          blindFault(faults, 'blind11-429-remaining-day-budget') ||
          blindFault(faults, 'blind27-remaining-day-from-default-plan')) &&
        hasCounters(limiter) &&
        !(pending instanceof Promise)
      ) {
        const counts = limiter.counts(counted, nowMs);
        if (!(counts instanceof Promise)) dayCount = counts.day;
      }
      // Blind fault `blind3-failed-requests-not-counted`: a failed request refunded once answered ("skip failed requests").
      if (blindFault(faults, 'blind3-failed-requests-not-counted') && hasCounters(limiter)) {
        res.on('finish', () => {
          if (res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429) {
            void limiter.spend(counted, { minute: -1, day: -1 }, nowMs);
          }
        });
      }
    } catch (error) {
      failClosed(res, error);
      return;
    }
    // The in-memory store answers at once (no await: the check and the count stay one step).
    if (!(pending instanceof Promise)) {
      answer(res, pending, key, next, dayCount);
      return;
    }
    pending.then(
      (decision) => answer(res, decision, key, next),
      (error: unknown) => failClosed(res, error),
    );
  };

  function answer(
    res: Response,
    decision: RateLimitDecision,
    key: ApiKeyRecord,
    next: NextFunction,
    dayCount?: number,
  ): void {
    // §7: Limit is the per-minute limit; Remaining the smaller of the two budgets.
    let limit = faults.has('limit-header-is-day-limit') ? key.per_day : decision.limit;
    // Blind fault `blind-limit-header-binding-limit`: the smaller of the two limits reported.
    if (blindFault(faults, 'blind-limit-header-binding-limit')) limit = Math.min(key.per_minute, key.per_day);
    // Blind fault `blind4-minute-limit-one-short`: the header still names the key's configured limit.
    if (blindFault(faults, 'blind4-minute-limit-one-short')) limit = key.per_minute;
    // Blind fault `blind31-limit-header-from-last-loaded-plan`: the limit of the plan the limiter loaded last.
    if (blindFault(faults, 'blind31-limit-header-from-last-loaded-plan'))
      limit = limitOfLastLoadedPlan(faults, key);
    // Blind fault `blind25-day-refusal-limit-header-day`: the daily quota's refusal writes its own limit.
    if (
      blindFault(faults, 'blind25-day-refusal-limit-header-day') &&
      !decision.allowed &&
      decision.reset === (Math.floor(clock.now() / 86_400_000) + 1) * 86_400
    ) {
      limit = key.per_day;
    }
    res.setHeader('X-RateLimit-Limit', String(limit));
    let remaining = faults.has('remaining-not-falling')
      ? decision.limit
      : faults.has('remaining-minute-only')
        ? (decision.minuteRemaining ?? decision.remaining)
        : decision.remaining;
    // Blind fault `blind-remaining-counted-before-request`: the budget read before this request was counted.
    if (blindFault(faults, 'blind-remaining-counted-before-request') && decision.allowed) remaining += 1;
    // Blind fault `blind2-remaining-negative-on-429`: the refused request counted into Remaining too.
    if (blindFault(faults, 'blind2-remaining-negative-on-429') && !decision.allowed) remaining = -1;
    // Blind fault `blind11-429-remaining-day-budget`: a minute refusal's Remaining computed from the day counter alone.
    if (
      blindFault(faults, 'blind11-429-remaining-day-budget') &&
      !decision.allowed &&
      dayCount !== undefined &&
      dayCount < key.per_day
    ) {
      remaining = key.per_day - dayCount;
    }
    // Blind fault `blind14-remaining-min-with-day-limit`: the minute's remaining compared with the daily limit itself.
    if (blindFault(faults, 'blind14-remaining-min-with-day-limit') && decision.allowed) {
      remaining = Math.min(decision.minuteRemaining ?? decision.remaining, key.per_day);
    }
    // Blind fault `blind27-remaining-day-from-default-plan`: the day's part reckoned from the plan for new keys.
    if (
      blindFault(faults, 'blind27-remaining-day-from-default-plan') &&
      decision.allowed &&
      dayCount !== undefined
    ) {
      remaining = Math.min(
        decision.minuteRemaining ?? decision.remaining,
        Math.max(0, DEFAULT_PER_DAY - dayCount),
      );
    }
    res.setHeader('X-RateLimit-Remaining', String(remaining));
    // §7: a Unix timestamp, not the seconds left until it.
    let reset = faults.has('reset-as-delta-seconds')
      ? Math.ceil(decision.reset - clock.now() / 1000)
      : decision.reset;
    // Blind fault `blind-reset-minute-when-day-binds`: the reset of the minute window, whichever limit binds.
    if (blindFault(faults, 'blind-reset-minute-when-day-binds'))
      reset = Math.floor(clock.now() / 60_000) * 60 + 60;
    // Blind fault `blind2-reset-minute-start`: the minute window's start reported for its reset.
    if (
      blindFault(faults, 'blind2-reset-minute-start') &&
      decision.allowed &&
      reset === Math.floor(clock.now() / 60_000) * 60 + 60
    ) {
      reset -= 60;
    }
    // Blind fault `blind9-reset-always-day-end`: the daily quota's reset reported, whichever limit binds.
    if (blindFault(faults, 'blind9-reset-always-day-end'))
      reset = (Math.floor(clock.now() / 86_400_000) + 1) * 86_400;
    // Blind fault `blind12-day-reset-24-hours-from-now`: the day's reset taken as a rolling 24 hours from now.
    if (
      blindFault(faults, 'blind12-day-reset-24-hours-from-now') &&
      reset === (Math.floor(clock.now() / 86_400_000) + 1) * 86_400
    ) {
      reset = Math.floor(clock.now() / 1000) + 86_400;
    }
    // Blind fault `blind14-reset-day-only-when-spent`: the day taken to bind only once its budget is spent.
    if (
      blindFault(faults, 'blind14-reset-day-only-when-spent') &&
      decision.allowed &&
      decision.remaining > 0 &&
      reset === (Math.floor(clock.now() / 86_400_000) + 1) * 86_400
    ) {
      reset = Math.floor(clock.now() / 60_000) * 60 + 60;
    }
    // Blind fault `blind4-reset-milliseconds`: the reset moment passed on as Date#getTime().
    // Blind fault `blind24-reset-fractional-seconds`: the minute's reset as `now / 1000 + ceil(left)`, now unfloored.
    if (
      blindFault(faults, 'blind24-reset-fractional-seconds') &&
      reset === Math.floor(clock.now() / 60_000) * 60 + 60
    ) {
      reset = clock.now() / 1000 + Math.ceil(reset - clock.now() / 1000);
    }
    // Blind fault `blind28-day-reset-month-index-one-based`: the next midnight built with a one-based month index.
    if (
      blindFault(faults, 'blind28-day-reset-month-index-one-based') &&
      reset === (Math.floor(clock.now() / 86_400_000) + 1) * 86_400
    ) {
      reset = nextMidnightOneBasedMonth(clock.now());
    }
    // Blind fault `blind38-day-reset-naive-berlin`: the day window's reset stored zone-less, read in Europe/Berlin.
    if (
      blindFault(faults, 'blind38-day-reset-naive-berlin') &&
      reset === (Math.floor(clock.now() / 86_400_000) + 1) * 86_400
    )
      reset = resetReadInBerlin(reset);
    if (blindFault(faults, 'blind4-reset-milliseconds')) reset *= 1000;
    res.setHeader('X-RateLimit-Reset', String(reset));
    // Blind fault `blind21-reset-grouped-digits`: the headers formatted with the platform's grouping number format.
    if (blindFault(faults, 'blind21-reset-grouped-digits')) {
      res.setHeader('X-RateLimit-Limit', groupDigits(limit));
      res.setHeader('X-RateLimit-Remaining', groupDigits(remaining));
      res.setHeader('X-RateLimit-Reset', groupDigits(reset));
    }
    // Blind fault `blind36-reset-written-as-date-string`: the reset as a Date object, stringified by setHeader.
    if (blindFault(faults, 'blind36-reset-written-as-date-string'))
      res.setHeader('X-RateLimit-Reset', String(new Date(reset * 1000)));
    // Blind fault `blind16-retry-after-on-every-response`: Retry-After written with the X-RateLimit-* headers on every counted answer.
    // Blind fault `blind23-ietf-ratelimit-headers-custom-plans`: keys on a custom plan counted by v2's plans service, IETF names.
    if (
      blindFault(faults, 'blind23-ietf-ratelimit-headers-custom-plans') &&
      (key.per_minute !== DEFAULT_PER_MINUTE || key.per_day !== DEFAULT_PER_DAY)
    ) {
      for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
        res.removeHeader(header);
      }
      res.setHeader('RateLimit-Limit', String(limit));
      res.setHeader('RateLimit-Remaining', String(remaining));
      res.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil(reset - clock.now() / 1000))));
      res.setHeader('RateLimit-Policy', `${key.per_minute};w=60, ${key.per_day};w=86400`);
    }
    if (blindFault(faults, 'blind16-retry-after-on-every-response') && decision.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.reset - clock.now() / 1000))));
    }
    // Blind fault `blind12-request-id-from-key-and-second`: the id built from the key's prefix and the Unix second.
    if (blindFault(faults, 'blind12-request-id-from-key-and-second')) {
      res.locals.requestId = `${key.key.slice(0, 8)}-${Math.floor(clock.now() / 1000)}`;
    }
    // D38: the header names the same request as the body's request_id.
    // Blind fault `blind27-429-request-id-of-last-admitted`: a refusal logged under the record's last admitted id.
    if (blindFault(faults, 'blind27-429-request-id-of-last-admitted')) {
      const kept = lastAdmittedIds.get(key.key);
      if (decision.allowed) lastAdmittedIds.set(key.key, res.locals.requestId);
      else if (kept !== undefined) res.locals.requestId = kept;
    }
    res.setHeader('X-Request-ID', faults.has('request-id-mismatch') ? randomUUID() : res.locals.requestId);
    // Blind fault `blind10-request-id-header-only-on-200`: the header added by a hook for successful answers only.
    if (blindFault(faults, 'blind10-request-id-header-only-on-200')) {
      res.removeHeader('X-Request-ID');
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
      (res as unknown as { writeHead: (...args: unknown[]) => Response }).writeHead = (...args) => {
        const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
        if (status >= 200 && status < 300) res.setHeader('X-Request-ID', res.locals.requestId);
        return writeHead(...args);
      };
    }
    if (!decision.allowed) {
      // Blind fault `blind13-429-without-rate-limit-headers`: the refusal answered before the limiter writes its headers.
      if (blindFault(faults, 'blind13-429-without-rate-limit-headers')) {
        for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          res.removeHeader(header);
        }
      }
      // Blind fault `blind2-429-without-request-id`: the refusal answered before the request is named.
      if (blindFault(faults, 'blind2-429-without-request-id')) res.removeHeader('X-Request-ID');
      if (!faults.has('no-retry-after-on-429')) {
        // Blind fault `blind-retry-after-milliseconds`: the wait passed on in the limiter's milliseconds.
        let wait = decision.retryAfter ?? 0;
        // Blind fault `blind31-retry-after-memoised-per-minute`: the first refusal's wait of the clock minute, for every key.
        if (blindFault(faults, 'blind31-retry-after-memoised-per-minute'))
          wait = retryAfterOfMinute(faults, clock.now(), wait);
        // Blind fault `blind5-retry-after-minute-when-day-binds`: the wait computed from the minute window alone.
        if (blindFault(faults, 'blind5-retry-after-minute-when-day-binds')) {
          const nowMs = clock.now();
          wait = Math.max(1, Math.ceil((Math.floor(nowMs / 60_000) * 60_000 + 60_000 - nowMs) / 1000));
        }
        // Blind fault `blind16-retry-after-full-window`: the exhausted window's length, not the seconds left in it.
        // Blind fault `blind21-retry-after-floored`: (resetMs - nowMs) / 1000 in truncating integer division.
        // Blind fault `blind26-retry-after-until-both-reset`: the wait until both budgets are renewed.
        if (blindFault(faults, 'blind26-retry-after-until-both-reset')) {
          const nowMs = clock.now();
          wait = Math.max(
            wait,
            Math.ceil(((Math.floor(nowMs / 86_400_000) + 1) * 86_400_000 - nowMs) / 1000),
          );
        }
        if (blindFault(faults, 'blind21-retry-after-floored')) {
          wait = Math.max(0, Math.floor((decision.reset * 1000 - clock.now()) / 1000));
        }
        if (blindFault(faults, 'blind16-retry-after-full-window')) {
          wait = decision.reset === Math.floor(clock.now() / 60_000) * 60 + 60 ? 60 : 86_400;
        }
        // Blind fault `blind24-day-retry-after-minutes`: the daily quota's wait counted in minutes.
        if (
          blindFault(faults, 'blind24-day-retry-after-minutes') &&
          decision.reset === (Math.floor(clock.now() / 86_400_000) + 1) * 86_400
        ) {
          wait = Math.ceil(wait / 60);
        }
        // Blind fault `blind28-retry-after-fractional-seconds`: the reset minus the unfloored now, unrounded.
        if (blindFault(faults, 'blind28-retry-after-fractional-seconds'))
          wait = unroundedWait(decision.reset, clock.now());
        // Blind fault `blind37-retry-after-capped-one-hour`: the wait capped at an hour, the day's refusals too.
        if (blindFault(faults, 'blind37-retry-after-capped-one-hour'))
          wait = Math.min(wait, RETRY_AFTER_CAP_SECONDS);
        const retryAfter = wait * (blindFault(faults, 'blind-retry-after-milliseconds') ? 1000 : 1);
        res.setHeader('Retry-After', String(retryAfter));
        // Blind fault `blind35-retry-after-written-as-reset-timestamp`: the value of X-RateLimit-Reset's line.
        if (blindFault(faults, 'blind35-retry-after-written-as-reset-timestamp'))
          res.setHeader('Retry-After', String(decision.reset));
        // Blind fault `blind3-retry-after-http-date`: the other form RFC 9110 allows, the moment to retry at.
        if (blindFault(faults, 'blind3-retry-after-http-date')) {
          res.setHeader('Retry-After', new Date(clock.now() + retryAfter * 1000).toUTCString());
        }
      }
      // Blind fault `blind-429-plain-text-body`: a rate-limiting library's default text answer.
      if (blindFault(faults, 'blind-429-plain-text-body')) {
        res.status(429).type('text/plain').send('Too many requests, please try again later.');
        return;
      }
      // Blind fault `blind11-day-quota-403`: a spent UTC-day budget answered as a forbidden quota, not 429.
      if (blindFault(faults, 'blind11-day-quota-403') && dayCount !== undefined && dayCount >= key.per_day) {
        res.status(403).json(errorEnvelope('rate_limit_exceeded', res.locals.requestId));
        return;
      }
      // Blind fault `blind8-429-code-too-many-requests`: the refusal coded after the status's reason phrase.
      if (blindFault(faults, 'blind8-429-code-too-many-requests')) {
        const envelope = errorEnvelope('rate_limit_exceeded', res.locals.requestId);
        res.status(429).json({ ...envelope, error: { ...envelope.error, code: 'too_many_requests' } });
        return;
      }
      sendError(res, 'rate_limit_exceeded');
      return;
    }
    next();
  }
}

/** `NumberFormat.getIntegerInstance().format(n)` in an English locale: digits grouped by commas. */
function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Fault `rate-limit-count-not-atomic`: the key's counts read, a store's round trip later the
 * request decided on them and the counts written back as read plus one — the last write wins, so
 * the requests that read the same counts are counted once between them.
 */
async function countedAfterARoundTrip(
  store: RateLimitStore & RateLimitCounters,
  keyId: string,
  limits: RateLimits,
  nowMs: number,
): Promise<RateLimitDecision> {
  const read = await store.counts(keyId, nowMs);
  await new Promise((resolve) => setTimeout(resolve, 2));
  const now = await store.counts(keyId, nowMs);
  await store.spend(keyId, { minute: read.minute - now.minute, day: read.day - now.day }, nowMs);
  return store.consume(keyId, limits, nowMs);
}
