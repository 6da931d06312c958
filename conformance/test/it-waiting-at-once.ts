/**
 * The whole-suite runs of the fault, variant and blind-variant tests: one test per case, the cases
 * whose run mostly waits (a minute window, a slow answer) at once — vitest's concurrent tests, each
 * against its own in-process server, the test context's `expect` — the others one after another.
 * faults-protocol.test.ts took 907 s one after another, 116 s with its twelve waiting runs at once.
 */
import { it, type ExpectStatic } from 'vitest';

export function itEachWaitingAtOnce<T>(
  cases: readonly T[],
  waits: (item: T) => boolean,
  /** The test's name, formatted with the case as vitest's `.for` does (`%s`). */
  title: string,
  /** Per test: a waiting one shares its process with the other waiting runs. */
  timeouts: { waiting: number; other: number },
  test: (item: T, expect: ExpectStatic) => Promise<void>,
): void {
  it.concurrent.for(cases.filter(waits))(title, { timeout: timeouts.waiting }, (item, { expect }) =>
    test(item, expect),
  );
  it.for(cases.filter((item) => !waits(item)))(title, { timeout: timeouts.other }, (item, { expect }) =>
    test(item, expect),
  );
}
