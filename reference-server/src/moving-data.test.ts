import { describe, expect, it } from 'vitest';
import { lastSuccessfulConnect } from '../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS, testDataset } from '../test/harness.ts';
import { MovingData } from './moving-data.ts';

const START_MS = ANCHOR_SECONDS * 1000;
const PERIOD = 3;

function stepsLater(moving: MovingData, steps: number) {
  return moving.at(START_MS + steps * PERIOD * 1000);
}

describe('moving data', () => {
  it('serves the base until the clock crosses a period, then the next step', () => {
    const base = testDataset();
    const moving = new MovingData(base, { periodSeconds: PERIOD });
    expect(moving.at(START_MS)).toBeUndefined();
    expect(moving.at(START_MS + 1_000)).toBeUndefined();
    const moved = stepsLater(moving, 1);
    expect(moved).toBeDefined();
    expect(moving.current).toBe(moved);
    expect(stepsLater(moving, 1)).toBeUndefined();
  });

  it('moves votes, edits, watchers, crawls and reviews, and leaves the base as it was', () => {
    const base = testDataset();
    const votesBefore = base.games.map((g) => g.monthlyVotes);
    const moving = new MovingData(base, { periodSeconds: PERIOD });
    moving.at(START_MS);
    const moved = stepsLater(moving, 10)!;
    const changed = (pick: (g: (typeof base.games)[number]) => unknown) =>
      moved.games.filter((g, i) => pick(g) !== pick(base.games[i]!)).length;
    expect(changed((g) => g.monthlyVotes)).toBeGreaterThan(base.games.length / 10);
    expect(changed((g) => g.updated)).toBeGreaterThan(0);
    expect(changed((g) => g.watcherCount)).toBeGreaterThan(0);
    const now = ANCHOR_SECONDS + 10 * PERIOD;
    expect(changed((g) => lastSuccessfulConnect(g, now))).toBeGreaterThan(0);
    expect(moved.reviews.length).toBeGreaterThan(base.reviews.length);
    expect(base.games.map((g) => g.monthlyVotes)).toEqual(votesBefore);
  });

  it('keeps the rules a directory obeys at every step', () => {
    const base = testDataset();
    const moving = new MovingData(base, { periodSeconds: PERIOD });
    moving.at(START_MS);
    const moved = stepsLater(moving, 40)!;
    const ids = moved.reviews.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const active = new Set(moved.games.filter((g) => g.archiveReason === null).map((g) => g.id));
    for (const review of moved.reviews.slice(base.reviews.length))
      expect(active.has(review.gameId)).toBe(true);
    for (const game of moved.games) {
      expect(game.updated).toBeGreaterThanOrEqual(game.listed);
      game.outages.forEach((o, i) => {
        expect(o.end).toBeGreaterThan(o.start);
        if (i > 0) expect(o.start).toBeGreaterThanOrEqual(game.outages[i - 1]!.end);
      });
      // A stored MSSP snapshot came with a successful crawl.
      const connect = lastSuccessfulConnect(game, ANCHOR_SECONDS + 40 * PERIOD);
      if (game.msspCollectedAt !== null && connect !== null)
        expect(game.msspCollectedAt).toBeLessThanOrEqual(connect);
      // The texts generated games write when read still come from the record itself.
      expect(typeof game.intro).toBe('string');
    }
  });

  it('takes the same steps for the same data, period and start', () => {
    const a = new MovingData(testDataset(), { periodSeconds: PERIOD });
    const b = new MovingData(testDataset(), { periodSeconds: PERIOD });
    a.at(START_MS);
    b.at(START_MS);
    const [x, y] = [stepsLater(a, 7)!, stepsLater(b, 7)!];
    expect(x.games.map((g) => [g.monthlyVotes, g.updated, g.watcherCount, g.outages.length])).toEqual(
      y.games.map((g) => [g.monthlyVotes, g.updated, g.watcherCount, g.outages.length]),
    );
    expect(x.reviews).toEqual(y.reviews);
  });
});
