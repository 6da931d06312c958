/**
 * A clock the test that embeds the server moves by hand: the rate-limit windows, the UTC day
 * and every "now" of the API follow it, so a test crosses a minute or a UTC midnight at once.
 */
import type { Clock } from './context.ts';

export class ManualClock implements Clock {
  #ms: number;

  constructor(startMs: number = Date.now()) {
    this.#ms = startMs;
  }

  now(): number {
    return this.#ms;
  }

  set(ms: number): void {
    this.#ms = ms;
  }

  advance(ms: number): void {
    this.#ms += ms;
  }

  /** To the first millisecond of the next minute (a fresh rate-limit window). */
  toNextMinute(): void {
    this.#ms = Math.floor(this.#ms / 60_000) * 60_000 + 60_000;
  }

  /** To 00:00:00.000Z of the next UTC day (a fresh day limit). */
  toNextUtcMidnight(): void {
    this.#ms = Math.floor(this.#ms / 86_400_000) * 86_400_000 + 86_400_000;
  }
}
