import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsoleReporter } from './console.ts';

const wait = {
  type: 'wait' as const,
  reason: "the primary key's window to reset",
  ms: 40_000,
  checkId: 'GAMES-X',
};
const checkEnd = {
  type: 'check-end' as const,
  index: 1,
  total: 1,
  result: {
    id: 'GAMES-X',
    area: 'games' as const,
    level: 'must' as const,
    title: 't',
    source: 's',
    status: 'pass' as const,
    durationMs: 40_000,
    requests: 1,
  },
};

describe('progress during long waits', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('in CI logs: a plain line saying what for and how long, another every 15 s, none after the wait', async () => {
    let text = '';
    const reporter = createConsoleReporter({ write: (t) => void (text += t), tty: false });
    await reporter(wait);
    expect(text).toBe("  waiting 40 s for the primary key's window to reset (GAMES-X)\n");
    vi.advanceTimersByTime(15_000);
    expect(text).toContain("  … 25 s left: the primary key's window to reset (GAMES-X)\n");
    await reporter(checkEnd);
    const before = text;
    vi.advanceTimersByTime(30_000);
    expect(text.slice(before.length)).not.toContain('left');
  });

  it('on a terminal: one line ticking down in place, cleared when the run goes on', async () => {
    let text = '';
    const reporter = createConsoleReporter({ write: (t) => void (text += t), tty: true });
    await reporter(wait);
    vi.advanceTimersByTime(1_000);
    expect(text).toContain('\r\x1b[K  waiting 40 s for');
    expect(text).toContain('\r\x1b[K  waiting 39 s for');
    expect(text).not.toContain('\n');
    await reporter(checkEnd);
    expect(text).toContain('\r\x1b[K[1/1] GAMES-X … pass');
  });
});
