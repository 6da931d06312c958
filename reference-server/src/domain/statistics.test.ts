import { describe, expect, it } from 'vitest';
import { metricAt, rawSamples } from '../../../fixtures/src/samples.ts';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import type { RawQuery } from './domain-result.ts';
import { gameStatistics, type StatisticsResponse } from './statistics.ts';
import { buildGame, sec } from './testing/build-game.ts';

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const game = buildGame({ crawlStart: sec('2024-01-01T00:00:00Z') });

function statistics(query: RawQuery, nowMs = NOW_MS, subject = game): StatisticsResponse {
  const result = gameStatistics(subject, query, nowMs);
  if ('error' in result) throw new Error(`unexpected error ${JSON.stringify(result.error)}`);
  return result.ok;
}

describe('gameStatistics parameters', () => {
  it('defaults to daily players over the 30 days ending today', () => {
    const body = statistics({});

    expect(body.meta).toMatchObject({
      metric: 'players',
      resolution: 'daily',
      from: '2026-02-14',
      to: '2026-03-15',
    });
    expect(body.data).toHaveLength(30);
  });

  it('refuses an unknown metric', () => {
    const result = gameStatistics(game, { metric: 'gold' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses an unknown resolution', () => {
    const result = gameStatistics(game, { resolution: 'yearly' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses a repeated metric', () => {
    const result = gameStatistics(game, { metric: ['players', 'rooms'] }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses an impossible date', () => {
    const result = gameStatistics(game, { to: '2026-02-29' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses from after to', () => {
    const result = gameStatistics(game, { from: '2026-03-02', to: '2026-03-01' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses raw over two days', () => {
    const result = gameStatistics(game, { resolution: 'raw', from: '2026-03-01', to: '2026-03-02' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('accepts hourly over 41 days (984 points)', () => {
    const body = statistics({ resolution: 'hourly', from: '2026-01-01', to: '2026-02-10' });

    expect(body.data).toHaveLength(984);
  });

  it('refuses hourly over 42 days (1,008 points)', () => {
    const result = gameStatistics(
      game,
      { resolution: 'hourly', from: '2026-01-01', to: '2026-02-11' },
      NOW_MS,
    );

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('accepts exactly 1,000 daily points', () => {
    const body = statistics({ from: '2023-06-19', to: '2026-03-14' });

    expect(body.data).toHaveLength(1000);
  });

  it('refuses 1,001 daily points', () => {
    const result = gameStatistics(game, { from: '2023-06-18', to: '2026-03-14' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });
});

describe('gameStatistics buckets', () => {
  it('gives raw one point per crawl slot with the sample as average, min and max', () => {
    const body = statistics({ resolution: 'raw', from: '2026-03-14', to: '2026-03-14' });
    const first = rawSamples(
      game,
      sec('2026-03-14T00:00:00Z'),
      sec('2026-03-14T00:00:00Z'),
      sec('2026-03-15T00:00:00Z'),
    );

    expect(body.data).toHaveLength(48);
    expect(body.data[0]).toEqual({
      date: sec('2026-03-14T00:00:00Z'),
      count: 1,
      average: first[0]?.players,
      min: first[0]?.players,
      max: first[0]?.players,
    });
  });

  it('gives a missed crawl slot count 0 and null aggregates', () => {
    const missed = buildGame({
      outages: [{ start: sec('2026-03-14T10:00:00Z'), end: sec('2026-03-14T10:30:00Z') }],
    });

    const body = statistics({ resolution: 'raw', from: '2026-03-14', to: '2026-03-14' }, NOW_MS, missed);

    expect(body.data.find((p) => p.date === sec('2026-03-14T10:00:00Z'))).toEqual({
      date: sec('2026-03-14T10:00:00Z'),
      count: 0,
      average: null,
      min: null,
      max: null,
    });
  });

  it('gives buckets of a metric the game never reports null aggregates, not zero', () => {
    const silent = buildGame({ metricBase: { ...game.metricBase, rooms: null } });

    const body = statistics({ metric: 'rooms', from: '2026-03-01', to: '2026-03-03' }, NOW_MS, silent);

    expect(body.data.map((p) => [p.count, p.average, p.min, p.max])).toEqual([
      [0, null, null, null],
      [0, null, null, null],
      [0, null, null, null],
    ]);
  });

  it('aggregates a daily bucket over its 48 samples', () => {
    const samples = rawSamples(
      game,
      sec('2026-03-10T00:00:00Z'),
      sec('2026-03-10T23:59:59Z'),
      sec('2026-03-11T00:00:00Z'),
    );
    const players = samples.map((s) => s.players);
    const mean = players.reduce((a, b) => a + b, 0) / players.length;

    const body = statistics({ from: '2026-03-10', to: '2026-03-10' });

    expect(body.data).toEqual([
      {
        date: sec('2026-03-10T00:00:00Z'),
        count: 48,
        average: Math.round(mean * 100) / 100,
        min: Math.min(...players),
        max: Math.max(...players),
      },
    ]);
  });

  it('uses the metric value at each sample time for non-player metrics', () => {
    const body = statistics({ metric: 'rooms', from: '2026-03-10', to: '2026-03-10' });

    expect(body.data[0]).toMatchObject({
      count: 48,
      max: metricAt(game, 'rooms', sec('2026-03-10T23:30:00Z')),
    });
  });

  it('keys weekly buckets by Monday, the first one before a mid-week from', () => {
    const body = statistics({ resolution: 'weekly', from: '2026-02-18', to: '2026-03-04' });

    expect(body.data.map((p) => p.date)).toEqual([
      sec('2026-02-16T00:00:00Z'),
      sec('2026-02-23T00:00:00Z'),
      sec('2026-03-02T00:00:00Z'),
    ]);
  });

  it('clips a weekly bucket to the range', () => {
    const body = statistics({ resolution: 'weekly', from: '2026-02-18', to: '2026-03-04' });

    expect(body.data.map((p) => p.count)).toEqual([5 * 48, 7 * 48, 3 * 48]);
  });

  it('keys monthly buckets by the 1st', () => {
    const body = statistics({ resolution: 'monthly', from: '2025-12-20', to: '2026-02-10' });

    expect(body.data.map((p) => [p.date, p.count])).toEqual([
      [sec('2025-12-01T00:00:00Z'), 12 * 48],
      [sec('2026-01-01T00:00:00Z'), 31 * 48],
      [sec('2026-02-01T00:00:00Z'), 10 * 48],
    ]);
  });

  it('returns no bucket starting after now', () => {
    const body = statistics({ resolution: 'hourly', from: '2026-03-15', to: '2026-03-16' });

    expect(body.data.at(-1)).toMatchObject({ date: sec('2026-03-15T12:00:00Z'), count: 1 });
  });

  it('returns empty buckets before the first crawl with count 0', () => {
    const young = buildGame({ crawlStart: sec('2026-03-12T00:00:00Z') });

    const body = statistics({ from: '2026-03-10', to: '2026-03-12' }, NOW_MS, young);

    expect(body.data.map((p) => p.count)).toEqual([0, 0, 48]);
  });
});

describe('gameStatistics meta', () => {
  it('reports the newest sample and the generation time', () => {
    const body = statistics({}, Date.parse('2026-03-15T12:10:05Z'));

    expect(body.meta.freshness).toEqual({
      latest_sample_at: '2026-03-15T12:00:00Z',
      generated_at: '2026-03-15T12:10:05Z',
    });
  });

  it('reports a complete backfill when history starts before from', () => {
    const body = statistics({ from: '2026-03-01', to: '2026-03-02' });

    expect(body.meta.backfill).toEqual({ complete: true, covered_from: '2024-01-01' });
  });

  it('reports an incomplete backfill when history starts after from', () => {
    const body = statistics({ from: '2023-12-31', to: '2024-01-02' });

    expect(body.meta.backfill).toEqual({ complete: false, covered_from: '2024-01-01' });
  });

  it('reports no coverage and no sample for a game never crawled', () => {
    const body = statistics({}, NOW_MS, buildGame({ crawlStart: null }));

    expect([body.meta.backfill, body.meta.freshness.latest_sample_at]).toEqual([
      { complete: false, covered_from: null },
      null,
    ]);
  });

  it('produces a body valid against StatisticsResponse', async () => {
    const validator = await loadSpecValidator();

    const body = statistics({ metric: 'skills', resolution: 'hourly', from: '2026-03-01', to: '2026-03-15' });

    expect(validator.validateComponent('StatisticsResponse', body).errors).toEqual([]);
  });

  it('produces a body with null points valid against StatisticsResponse', async () => {
    const validator = await loadSpecValidator();

    const body = statistics(
      { resolution: 'raw', from: '2026-03-15', to: '2026-03-15' },
      NOW_MS,
      buildGame({ crawlStart: null }),
    );

    expect(validator.validateComponent('StatisticsResponse', body).errors).toEqual([]);
  });
});

describe('gameStatistics availability', () => {
  it('answers 503 statistics_unavailable for an unavailable game', () => {
    const result = gameStatistics(buildGame({ statisticsState: 'unavailable' }), {}, NOW_MS);

    expect(result).toMatchObject({ error: { status: 503, code: 'statistics_unavailable' } });
  });

  it('answers 503 statistics_pending for a pending game and a 91-day range', () => {
    const pending = buildGame({ statisticsState: 'pending_long_ranges' });

    const result = gameStatistics(pending, { from: '2025-12-15', to: '2026-03-15' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 503, code: 'statistics_pending' } });
  });

  it('answers a pending game for a 90-day range', () => {
    const pending = buildGame({ statisticsState: 'pending_long_ranges' });

    const result = gameStatistics(pending, { from: '2025-12-16', to: '2026-03-15' }, NOW_MS);

    expect(result).toMatchObject({ ok: { meta: { from: '2025-12-16' } } });
  });

  it('answers a ready game for a long range', () => {
    const result = gameStatistics(game, { from: '2025-03-16', to: '2026-03-15' }, NOW_MS);

    expect(result).toMatchObject({ ok: { meta: { from: '2025-03-16' } } });
  });

  it('checks the query before availability', () => {
    const result = gameStatistics(buildGame({ statisticsState: 'unavailable' }), { metric: 'gold' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });
});
