import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Clock } from '../context.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { sendError } from '../respond.ts';

/**
 * Rate-limit accounting (§7 "Response headers", §8; D31–D33), right after
 * authentication: every authenticated request gets the X-RateLimit-* headers and
 * X-Request-ID from here on (200, 404, 405, 422, 429, 503); an exhausted budget
 * answers 429 `rate_limit_exceeded` with Retry-After.
 */
export function accountRateLimit(
  limiter: RateLimiter,
  clock: Clock,
  faults: FaultSet = NO_FAULTS,
): RequestHandler {
  return (_req, res, next) => {
    const key = res.locals.apiKey!;
    const decision = limiter.consume(
      key.key,
      { perMinute: key.per_minute, perDay: key.per_day },
      clock.now(),
    );
    // §7: Limit is the per-minute limit; Remaining the smaller of the two budgets.
    res.setHeader(
      'X-RateLimit-Limit',
      String(faults.has('limit-header-is-day-limit') ? key.per_day : decision.limit),
    );
    res.setHeader(
      'X-RateLimit-Remaining',
      String(faults.has('remaining-not-falling') ? decision.limit : decision.remaining),
    );
    // §7: a Unix timestamp, not the seconds left until it.
    const reset = faults.has('reset-as-delta-seconds')
      ? Math.ceil(decision.reset - clock.now() / 1000)
      : decision.reset;
    res.setHeader('X-RateLimit-Reset', String(reset));
    // D38: the header names the same request as the body's request_id.
    res.setHeader('X-Request-ID', faults.has('request-id-mismatch') ? randomUUID() : res.locals.requestId);
    if (!decision.allowed) {
      if (!faults.has('no-retry-after-on-429')) res.setHeader('Retry-After', String(decision.retryAfter));
      sendError(res, 'rate_limit_exceeded');
      return;
    }
    next();
  };
}
