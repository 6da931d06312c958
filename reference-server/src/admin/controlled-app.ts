/**
 * The API served so that the control interface can change it while it runs (issue #23).
 *
 * Design: the HTTP server delegates every request to the *current* Express app. Many faults
 * and variants are consulted once, when `createApp` builds the chain and the indexes, so
 * switching one rebuilds the app from the same options — the same dataset, keys, clock and
 * rate-limit store — with the new sets, waits until it is warm, and swaps it in; requests in
 * flight finish on the app they started on. With moving data, the new app moves on from the data
 * as the old one last served it (its later steps are not those an unswitched server would take). The counters live in the store, which outlives
 * every rebuild; the in-memory store is given the live fault and variant sets (the few it
 * consults itself, such as `minute-limit-off-by-one`), updated at each swap.
 *
 * In front of the app, the chaos rules (chaos.ts): a matching request waits its latency,
 * then is answered by the app, or fails — 500 `internal_error` in the API's envelope with
 * X-Request-ID (§7), or a TCP reset. A request failed here is not counted against its key.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Dataset } from '../../../fixtures/src/model.ts';
import { createApp } from '../app.ts';
import type { AppContext, AppOptions } from '../context.ts';
import { errorEnvelope } from '../errors.ts';
import { toFaultSet, type AnyFaultName } from '../faults.ts';
import { hasCounters, RateLimiter, type RateLimitCounters, type RateLimitStore } from '../rate-limiter.ts';
import type { ServedApp } from '../server.ts';
import { toVariantSet, type VariantName } from '../variants.ts';
import { AdjustableClock } from './adjustable-clock.ts';
import { ChaosRules, type ChaosError } from './chaos.ts';

function replaceContents<T>(target: Set<T>, source: Iterable<T>): void {
  target.clear();
  for (const item of source) target.add(item);
}

/** The faults and variants the app is served with. */
export interface SwitchedSets {
  faults: ReadonlySet<AnyFaultName>;
  variants: ReadonlySet<VariantName>;
}

export class ControlledApp implements ServedApp {
  readonly clock: AdjustableClock;
  readonly chaos: ChaosRules;
  readonly store: RateLimitStore & RateLimitCounters;
  readonly listener: RequestListener;
  readonly warm: Promise<void>;
  readonly #options: AppOptions;
  /** Live: the in-memory store reads them at each request. */
  readonly #faults: Set<AnyFaultName>;
  readonly #variants: Set<VariantName>;
  /** As launched, for `reset`. */
  readonly #launchSets: SwitchedSets;
  #app: Express;
  /** Rebuilds one after another, so the last switch asked for is the one served. */
  #rebuilding: Promise<void> = Promise.resolve();

  constructor(options: AppOptions, chaos: ChaosRules = new ChaosRules()) {
    if (!(options.clock instanceof AdjustableClock)) {
      throw new Error(
        'The control interface needs the app to run on an AdjustableClock (admin/adjustable-clock.ts).',
      );
    }
    this.clock = options.clock;
    this.chaos = chaos;
    this.#faults = new Set(toFaultSet(options.faults ?? []));
    this.#variants = new Set(toVariantSet(options.variants ?? []));
    this.#launchSets = { faults: new Set(this.#faults), variants: new Set(this.#variants) };
    const store = options.rateLimitStore ?? new RateLimiter(this.#faults, this.#variants);
    if (!hasCounters(store)) throw new Error('The control interface needs a rate-limit store it can reset.');
    this.store = store;
    this.#options = { ...options, rateLimitStore: store };
    this.#app = this.#build(this.#faults, this.#variants, options.dataset);
    this.warm = this.#app.locals.warm as Promise<void>;
    this.listener = (req, res) => this.#handle(req, res);
  }

  get faults(): ReadonlySet<AnyFaultName> {
    return this.#faults;
  }

  get variants(): ReadonlySet<VariantName> {
    return this.#variants;
  }

  /**
   * Serves with the faults and variants `change` makes of the current ones from now on, the app
   * rebuilt. Switches apply one after another, each to the sets the previous one left; an
   * unknown name (checked against the catalogues) rejects and changes nothing.
   */
  switchTo(
    change: (current: SwitchedSets) => Partial<Record<keyof SwitchedSets, Iterable<string>>>,
  ): Promise<void> {
    // Moving data (--moving-data) goes on from where it stood, not from the start-up data.
    return this.#rebuild(change, () => (this.#app.locals.context as AppContext).dataset);
  }

  /**
   * Back to the launch: no chaos rule, the clock at its launch setting, the faults and variants
   * given at launch, and the app rebuilt from the launch data (moving data starts again from
   * it; the response cache starts empty). The rate-limit counters are the caller's (they are
   * per key). Resolves once the rebuilt app serves.
   */
  reset(): Promise<void> {
    this.chaos.clear();
    this.clock.reset();
    return this.#rebuild(
      () => this.#launchSets,
      () => this.#options.dataset,
    );
  }

  #rebuild(
    change: (current: SwitchedSets) => Partial<Record<keyof SwitchedSets, Iterable<string>>>,
    dataset: () => Dataset,
  ): Promise<void> {
    const next = this.#rebuilding.then(async () => {
      const sets = change({ faults: this.#faults, variants: this.#variants });
      const faults = toFaultSet(sets.faults ?? this.#faults);
      const variants = toVariantSet(sets.variants ?? this.#variants);
      const app = this.#build(faults, variants, dataset());
      await app.locals.warm;
      replaceContents(this.#faults, faults);
      replaceContents(this.#variants, variants);
      this.#app = app;
      this.#options.logger?.info(
        { faults: [...faults], variants: [...variants] },
        'control interface: app rebuilt with these faults and variants',
      );
    });
    this.#rebuilding = next.catch(() => undefined);
    return next;
  }

  #build(faults: ReadonlySet<string>, variants: ReadonlySet<string>, dataset: Dataset): Express {
    return createApp({ ...this.#options, dataset, faults: new Set(faults), variants: new Set(variants) });
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const decision = this.chaos.decide(req.url ?? '/');
    if (decision === undefined) {
      this.#app(req, res);
      return;
    }
    const act = () => {
      if (decision.failure === undefined) this.#app(req, res);
      else this.#fail(req, res, decision.failure);
    };
    if (decision.delayMs > 0) setTimeout(act, decision.delayMs);
    else act();
  }

  #fail(req: IncomingMessage, res: ServerResponse, failure: ChaosError): void {
    this.#options.logger?.info(
      { chaos: failure, method: req.method, path: req.url },
      'chaos: request failed',
    );
    if (failure === 'connection_reset') {
      req.socket.resetAndDestroy();
      return;
    }
    // §7: a 500 carries X-Request-ID, the same id as the body's request_id (D38).
    const requestId = randomUUID();
    const body = JSON.stringify(errorEnvelope('internal_error', requestId));
    res.writeHead(500, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Request-ID': requestId,
      Date: new Date(Math.floor(this.clock.now() / 1000) * 1000).toUTCString(),
    });
    res.end(body);
  }
}
