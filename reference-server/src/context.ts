/** What the app is built from, and what every middleware and handler may consult. */
import type { Logger } from 'pino';
import type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';
import { gameIndexRules } from './deviations/games.ts';
import { reviewListing } from './deviations/reviews.ts';
import { GameIndex } from './domain/game-index.ts';
import { ReviewIndex } from './domain/review-query.ts';
import { toFaultSet, type FaultSet } from './faults.ts';
import type { MovingDataOptions } from './moving-data.ts';
import { RateLimiter, type RateLimitStore } from './rate-limiter.ts';
import { ResponseCache, type CacheSlot } from './response-cache.ts';
import { toVariantSet, type VariantSet } from './variants.ts';
import { FirstRequestMinuteLimiter } from './blind-variants/first-request-minute-limiter.ts';

/** The API's path prefix (§9.1). */
export const API_PREFIX = '/api/v1';

/** The injectable clock: epoch milliseconds. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface AppOptions {
  dataset: Dataset;
  keys: readonly ApiKeyRecord[];
  clock: Clock;
  logger?: Logger;
  /**
   * Named deliberate bugs of the catalogue in faults.ts, off by default; an unknown
   * name is refused. Only for proving that the conformance suite's checks bite.
   */
  faults?: ReadonlySet<string>;
  /**
   * Named legitimate variants of the catalogue in variants.ts (other choices on open
   * points), off by default; an unknown name is refused. Only for proving that the
   * conformance suite is tolerant where the description leaves a point open.
   */
  variants?: ReadonlySet<string>;
  /**
   * The origin of every absolute link (`https://api.example.com`; D40). Without it, links use
   * X-Forwarded-Proto/-Host when `trustProxy` is set, else the address the connection reached.
   */
  publicUrl?: string;
  /** Build absolute links from X-Forwarded-Proto/-Host (D40); off by default. */
  trustProxy?: boolean;
  /**
   * Where the per-key counters live: in this process by default; a RedisRateLimiter
   * (redis-rate-limiter.ts) for several instances sharing one limit. The caller closes it.
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Keep 200 bodies for the clock second they were computed in (response-cache.ts); on by
   * default. Off only to show the cache changes no answer.
   */
  responseCache?: boolean;
  /**
   * Data that moves while it is read (moving-data.ts): one step per period of the clock. Off
   * by default; for showing that a client or the conformance suite copes with a live directory.
   */
  movingData?: MovingDataOptions;
}

export interface AppContext {
  dataset: Dataset;
  games: GameIndex;
  reviews: ReviewIndex;
  keys: ReadonlyMap<string, ApiKeyRecord>;
  limiter: RateLimitStore;
  clock: Clock;
  faults: FaultSet;
  variants: VariantSet;
  logger: Logger | undefined;
  /** 200 bodies of the current clock second; undefined when turned off. */
  responses: ResponseCache | undefined;
  /** The configured origin of links (D40), without a trailing slash; undefined when not configured. */
  publicOrigin: string | undefined;
  trustProxy: boolean;
}

/** The context serving `dataset` from now on (moving data): new indexes over it, nothing else changes. */
export function serveDataset(context: AppContext, dataset: Dataset): void {
  context.games = new GameIndex(dataset, gameIndexRules(context.faults, context.variants));
  context.reviews = new ReviewIndex(dataset, reviewListing(context.faults));
  context.dataset = dataset;
}

export function createContext(options: AppOptions): AppContext {
  const faults = toFaultSet(options.faults ?? []);
  const variants = toVariantSet(options.variants ?? []);
  return {
    dataset: options.dataset,
    games: new GameIndex(options.dataset, gameIndexRules(faults, variants)),
    reviews: new ReviewIndex(options.dataset, reviewListing(faults)),
    keys: new Map(options.keys.map((record) => [record.key, record])),
    limiter:
      options.rateLimitStore ??
      // Blind variants `bv1-minute-window-from-first-request`, `bv2-…` (two writers, the same choice): a key's minute window opens at its first request.
      (variants.has('bv1-minute-window-from-first-request')
        ? new FirstRequestMinuteLimiter({ opensAt: 'millisecond', opensOn: 'counted-request' })
        : variants.has('bv2-minute-window-from-first-request')
          ? new FirstRequestMinuteLimiter({ opensAt: 'second', opensOn: 'first-reading' })
          : new RateLimiter(faults, variants)),
    clock: options.clock,
    faults,
    variants,
    logger: options.logger,
    responses: options.responseCache === false ? undefined : new ResponseCache(),
    publicOrigin: options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin,
    trustProxy: options.trustProxy === true,
  };
}

/** The clock in the domain's unit, epoch seconds. */
export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Fresh per request (D38); `request_id` of every error body. */
      requestId: string;
      /** Set once authentication succeeds. */
      apiKey?: ApiKeyRecord;
      /** The spec operation the route table matched, for logs. */
      operationId?: string;
      /** Where this request's 200 body is kept (response-cache.ts); unset when not cacheable. */
      cacheSlot?: CacheSlot;
      /** The app's context, set first for every request: what the response writer (respond.ts) consults. */
      context: AppContext;
    }
  }
}
