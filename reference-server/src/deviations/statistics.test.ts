import { describe, expect, it } from 'vitest';
import { metricAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import { gameStatistics, STATISTICS_RULES } from '../domain/statistics.ts';
import { buildGame, sec } from '../domain/testing/build-game.ts';
import { NO_FAULTS, toFaultSet, type FaultName } from '../faults.ts';
import { deviateStatistics, statisticsRules, type ServedStatistics } from './statistics.ts';

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const game = buildGame({
  crawlStart: sec('2024-01-01T00:00:00Z'),
  outages: [{ start: sec('2026-03-11T00:00:00Z'), end: sec('2026-03-12T00:00:00Z') }],
});

/** GET /games/7/statistics as a server with these faults answers it. */
function served(query: RawQuery, faults: FaultName[] = []): DomainResult<ServedStatistics> {
  const on = { faults: toFaultSet(faults) };
  return deviateStatistics(gameStatistics(game, query, NOW_MS, statisticsRules(on)), on);
}

function points(query: RawQuery, faults: FaultName[] = []): ServedStatistics['data'] {
  const result = served(query, faults);
  if ('error' in result) throw new Error(`unexpected error ${JSON.stringify(result.error)}`);
  return result.ok.data;
}

const DAYS = { from: '2026-03-10', to: '2026-03-11' };

describe('GET /games/{gameId}/statistics deviations', () => {
  it('give the API rules and the answer unchanged when none is on', () => {
    const result = gameStatistics(game, {}, NOW_MS);
    expect(statisticsRules({ faults: NO_FAULTS })).toBe(STATISTICS_RULES);
    expect(deviateStatistics(result, { faults: NO_FAULTS })).toBe(result);
  });

  it('answer a query needing more than 1,000 points (fault stats-point-cap-ignored)', () => {
    const query = { from: '2023-06-18', to: '2026-03-14' };
    expect(served(query)).toMatchObject({ error: { status: 422, details: { max_points: 1000 } } });
    expect(points(query, ['stats-point-cap-ignored'])).toHaveLength(1001);
  });

  it('give an empty bucket zeros (fault stats-zero-for-missing)', () => {
    expect(points(DAYS)[1]).toMatchObject({ count: 0, average: null, min: null, max: null });
    expect(points(DAYS, ['stats-zero-for-missing'])[1]).toMatchObject({
      count: 0,
      average: 0,
      min: 0,
      max: 0,
    });
  });

  it('exchange min and max (fault stats-min-max-swapped)', () => {
    const [correct] = points(DAYS);
    expect(points(DAYS, ['stats-min-max-swapped'])[0]).toEqual({
      ...correct,
      min: correct?.max,
      max: correct?.min,
    });
  });

  it('write the exact mean with toFixed(2) (fault stats-average-as-text)', () => {
    const values = [
      ...sampleTimes(game, sec('2026-03-10T00:00:00Z'), sec('2026-03-10T23:59:59Z'), NOW_MS / 1000),
    ].map((t) => metricAt(game, 'players', t)!);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const [first, empty] = points(DAYS, ['stats-average-as-text']);
    expect(first?.average).toBe(mean.toFixed(2));
    expect(empty?.average).toBeNull();
  });
});
