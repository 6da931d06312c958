/**
 * The clock the control interface moves from outside the process (issue #23): frozen at an
 * instant, or running from one at the pace of real time. Setting or advancing it is seen at
 * once by everything that reads the app's injected clock — the Date header, the rate-limit
 * windows (D32), the UTC day and the `recently_updated`/`online_recently` windows.
 */
import type { Clock } from '../context.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface ClockReading {
  /** Epoch milliseconds. */
  nowMs: number;
  /** Whether the clock moves with real time between two settings. */
  running: boolean;
}

export class AdjustableClock implements Clock {
  /** The reading at #since (real time, monotonic). */
  #base: number;
  #since: number;
  #running: boolean;
  readonly #elapsed: () => number;
  /** The launch setting `reset` goes back to: an instant, or the real time when undefined. */
  #launchMs: number | undefined;
  readonly #launchRunning: boolean;

  /**
   * @param startMs the first reading (epoch ms)
   * @param running whether it moves with real time from there (`--start-at`) or stays (`--now`)
   * @param elapsed a monotonic millisecond source (performance.now by default; injectable for tests)
   */
  constructor(startMs: number, running: boolean, elapsed: () => number = () => performance.now()) {
    this.#elapsed = elapsed;
    this.#base = startMs;
    this.#since = elapsed();
    this.#running = running;
    this.#launchMs = startMs;
    this.#launchRunning = running;
  }

  /** Running from the real time, and back to the real time (not to its first reading) on `reset`. */
  static realTime(elapsed?: () => number): AdjustableClock {
    const clock = new AdjustableClock(Date.now(), true, elapsed);
    clock.#launchMs = undefined;
    return clock;
  }

  /** Whole milliseconds, as Date.now() gives them. */
  now(): number {
    return this.#running ? Math.floor(this.#base + (this.#elapsed() - this.#since)) : this.#base;
  }

  get running(): boolean {
    return this.#running;
  }

  reading(): ClockReading {
    return { nowMs: this.now(), running: this.#running };
  }

  /** To `ms`, running from there or frozen there (the current mode unless said). */
  set(ms: number, running: boolean = this.#running): void {
    this.#base = Math.floor(ms);
    this.#since = this.#elapsed();
    this.#running = running;
  }

  /** Forwards (or back, when negative) by `ms`, keeping the mode. */
  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  /**
   * Back to the launch setting: frozen at its `--now`, running from its `--start-at` instant
   * again, or (realTime) running from the real time.
   */
  reset(): void {
    this.set(this.#launchMs ?? Date.now(), this.#launchRunning);
  }

  /** To the first millisecond of the next minute: a fresh rate-limit window. */
  toNextMinute(): void {
    this.set(Math.floor(this.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  }

  /** To 00:00:00.000Z of the next UTC day: a fresh day limit. */
  toNextUtcDay(): void {
    this.set(Math.floor(this.now() / DAY_MS) * DAY_MS + DAY_MS);
  }
}
