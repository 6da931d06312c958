import type { RequestHandler } from 'express';
import type { Clock } from '../context.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { sendError } from '../respond.ts';

/**
 * Rate-limit accounting (§7 "Response headers", §8; D31–D33), right after
 * authentication: every authenticated request gets the X-RateLimit-* headers and
 * X-Request-ID from here on (200, 404, 405, 422, 429, 503); an exhausted budget
 * answers 429 `rate_limit_exceeded` with Retry-After.
 */
export function accountRateLimit(limiter: RateLimiter, clock: Clock): RequestHandler {
  return (_req, res, next) => {
    const key = res.locals.apiKey!;
    const decision = limiter.consume(
      key.key,
      { perMinute: key.per_minute, perDay: key.per_day },
      clock.now(),
    );
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    res.setHeader('X-RateLimit-Reset', String(decision.reset));
    res.setHeader('X-Request-ID', res.locals.requestId);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfter));
      sendError(res, 'rate_limit_exceeded');
      return;
    }
    next();
  };
}
