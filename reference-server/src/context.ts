/** What the app is built from, and what every middleware and handler may consult. */
import type { Logger } from 'pino';
import type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';
import { GameIndex } from './domain/game-index.ts';
import { ReviewIndex } from './domain/review-query.ts';
import { RateLimiter } from './rate-limiter.ts';

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
  /** Named deliberate bugs, off by default; handlers consult `faults.has(name)`. */
  faults?: ReadonlySet<string>;
  /** Build absolute links from X-Forwarded-Proto/-Host (D40); off by default. */
  trustProxy?: boolean;
}

export interface AppContext {
  dataset: Dataset;
  games: GameIndex;
  reviews: ReviewIndex;
  keys: ReadonlyMap<string, ApiKeyRecord>;
  limiter: RateLimiter;
  clock: Clock;
  faults: ReadonlySet<string>;
  logger: Logger | undefined;
}

export function createContext(options: AppOptions): AppContext {
  return {
    dataset: options.dataset,
    games: new GameIndex(options.dataset),
    reviews: new ReviewIndex(options.dataset),
    keys: new Map(options.keys.map((record) => [record.key, record])),
    limiter: new RateLimiter(),
    clock: options.clock,
    faults: options.faults ?? new Set(),
    logger: options.logger,
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
    }
  }
}
