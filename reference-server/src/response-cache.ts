/**
 * The bodies of successful answers, kept for the clock second they were computed in.
 *
 * Every 200 body of the API is a pure function of the request's absolute API base (D40),
 * its path and query string, and the clock read in whole seconds: the data never changes,
 * and every time-dependent rule (crawl-grid points, the 48-hour and 30-day windows,
 * statistics buckets, UTC days) turns on whole seconds. So within one clock second the
 * same GET gets the same bytes, and a repeated request is answered with them instead of
 * being queried, represented and serialised again. Headers (rate-limit, X-Request-ID,
 * Date) are still written per request, and authentication, the rate limit and the
 * method check still run before the cache is asked; errors are never cached (their
 * bodies carry the request id).
 *
 * Moving to another second (forwards, or backwards with a hand-moved clock) empties the
 * cache, so nothing computed at one second is served at another. It is bounded in bytes
 * within a second; past the bound, answers are computed and not kept. Bodies are kept as
 * encoded bytes: a 32 kB page re-encoded from a string on every send was most of the
 * garbage under load (and the old-space collections it forced).
 * A body is kept only for a key asked for a second time within the second (a doorkeeper, as
 * admission filters of caches have it): under distinct traffic — a client's or a suite's
 * filtered queries, each asked once — keeping every body until the second ends only made
 * garbage for the collector, and no answer came from it. The doorkeeper keeps a 32-bit
 * fingerprint of each key (Fingerprints), not the key: a Set of the second's keys held each
 * request's key string (and the URL and base it joins) past two young-generation collections,
 * into the old generation. Two keys sharing a fingerprint only let a body be kept at its first
 * asking; what is served still comes from the exact key.
 * response-cache.test.ts holds it exact: a server with the cache answers every generated
 * request exactly as one without.
 */

import { hashString } from '../../fixtures/src/hash.ts';

/** Default bound of the bytes kept within one second. */
export const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;

/** Keys the doorkeeper notes in one second (far above what one process answers): past them, a new key is not noted. */
export const DOORKEEPER_KEYS = 1 << 15;

/**
 * A set of 32-bit fingerprints of strings (hashString: FNV-1a over their UTF-16 code units), in an
 * open-addressed table with room for twice DOORKEEPER_KEYS: it allocates nothing per key, and
 * emptying it is one fill.
 */
class Fingerprints {
  readonly #slots = new Uint32Array(DOORKEEPER_KEYS * 2);
  #count = 0;

  /** Whether `key`'s fingerprint was noted; notes it when it was not (and there is room). */
  noteOrHas(key: string): boolean {
    // 0 marks an empty slot.
    const fingerprint = hashString(key) || 1;
    const mask = this.#slots.length - 1;
    for (let at = fingerprint & mask; ; at = (at + 1) & mask) {
      const held = this.#slots[at]!;
      if (held === fingerprint) return true;
      if (held === 0) {
        if (this.#count < DOORKEEPER_KEYS) {
          this.#slots[at] = fingerprint;
          this.#count += 1;
        }
        return false;
      }
    }
  }

  clear(): void {
    if (this.#count === 0) return;
    this.#slots.fill(0);
    this.#count = 0;
  }
}

export class ResponseCache {
  #second = Number.NaN;
  #bodies = new Map<string, Buffer>();
  /** Fingerprints of the keys asked for in this second (their bodies kept from the second asking). */
  readonly #seen = new Fingerprints();
  #bytes = 0;

  constructor(private readonly maxBytes: number = RESPONSE_CACHE_BYTES) {}

  /** The body stored for `key` in clock second `second`, if any. */
  get(second: number, key: string): Buffer | undefined {
    if (second !== this.#second) {
      this.#reset(second);
      return undefined;
    }
    return this.#bodies.get(key);
  }

  /**
   * Keeps `body` for `key` while the clock stays in `second` (ignored once it has moved on),
   * from the second time `key` is answered within the second.
   */
  set(second: number, key: string, body: Buffer): void {
    if (second !== this.#second) return;
    if (!this.#seen.noteOrHas(key)) return;
    if (this.#bytes + body.length > this.maxBytes) return;
    this.#bodies.set(key, body);
    this.#bytes += body.length;
  }

  /**
   * Whether a body for `key` answered now would be kept (`set`): asked for before within
   * `second`. A first asking is noted, so the next one is admitted. The caller that is told
   * no sends its text as it is, without encoding it once more for a cache that would drop it.
   */
  admits(second: number, key: string): boolean {
    if (second !== this.#second) return false;
    return this.#seen.noteOrHas(key);
  }

  #reset(second: number): void {
    this.#second = second;
    this.#bodies = new Map();
    this.#seen.clear();
    this.#bytes = 0;
  }
}

/** What a handler's 200 is stored under (set on res.locals by the router, read by sendJson). */
export interface CacheSlot {
  cache: ResponseCache;
  second: number;
  key: string;
}
