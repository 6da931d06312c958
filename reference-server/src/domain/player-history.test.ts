import { describe, expect, it } from 'vitest';
import { rawSamples } from '../../../fixtures/src/samples.ts';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import type { RawQuery } from './domain-result.ts';
import {
  dailyAggregation,
  dailyRoundedMeans,
  playerHistory,
  type PlayerHistoryResponse,
} from './player-history.ts';
import { buildGame, buildGameWithSamplesAt, sec } from './testing/build-game.ts';

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const game = buildGame({ crawlStart: sec('2024-01-01T00:00:00Z') });

function history(query: RawQuery, nowMs = NOW_MS): PlayerHistoryResponse {
  const result = playerHistory(game, query, nowMs);
  if ('error' in result) throw new Error(`unexpected error ${JSON.stringify(result.error)}`);
  return result.ok;
}

describe('playerHistory', () => {
  it('defaults to daily over the 30 days ending today', () => {
    const body = history({});

    expect(body.meta).toEqual({ game_id: 7, granularity: 'daily', from: '2026-02-14', to: '2026-03-15' });
    expect(body.data).toHaveLength(30);
  });

  it('keeps today as the default to at 23:59:59Z', () => {
    const body = history({}, Date.parse('2026-03-15T23:59:59Z'));

    expect(body.meta).toMatchObject({ from: '2026-02-14', to: '2026-03-15' });
  });

  it('moves the default range to the new day at 00:00:00Z', () => {
    const body = history({}, Date.parse('2026-03-16T00:00:00Z'));

    expect(body.meta).toMatchObject({ from: '2026-02-15', to: '2026-03-16' });
    expect(body.data.at(-1)).toEqual({
      recorded_at: '2026-03-16T00:00:00Z',
      players: rawSamples(
        game,
        sec('2026-03-16T00:00:00Z'),
        sec('2026-03-16T00:00:00Z'),
        sec('2026-03-16T00:00:00Z'),
      )[0]?.players,
    });
  });

  it('returns raw samples from 00:00:00Z of from through 23:30:00Z of to', () => {
    const body = history({ granularity: 'raw', from: '2026-03-01', to: '2026-03-02' });

    expect(body.data).toHaveLength(96);
    expect(body.data[0]?.recorded_at).toBe('2026-03-01T00:00:00Z');
    expect(body.data.at(-1)?.recorded_at).toBe('2026-03-02T23:30:00Z');
  });

  it('returns no raw sample after now', () => {
    const body = history({ granularity: 'raw', from: '2026-03-15', to: '2026-03-20' });

    expect(body.data.at(-1)?.recorded_at).toBe('2026-03-15T12:00:00Z');
  });

  it('returns each day as Math.round of the mean of its raw samples', () => {
    const dayStart = sec('2026-03-03T00:00:00Z');
    const samples = rawSamples(game, dayStart, dayStart + 86_399, dayStart + 86_399);
    const mean = samples.reduce((sum, s) => sum + s.players, 0) / samples.length;

    const body = history({ from: '2026-03-03', to: '2026-03-03' });

    expect(body.data).toEqual([{ recorded_at: '2026-03-03T00:00:00Z', players: Math.round(mean) }]);
  });

  it('omits days without samples', () => {
    const quiet = buildGame({
      outages: [{ start: sec('2026-03-04T00:00:00Z'), end: sec('2026-03-05T00:00:00Z') }],
    });

    const result = playerHistory(quiet, { from: '2026-03-03', to: '2026-03-05' }, NOW_MS);

    expect('ok' in result && result.ok.data.map((d) => d.recorded_at)).toEqual([
      '2026-03-03T00:00:00Z',
      '2026-03-05T00:00:00Z',
    ]);
  });

  it('returns an empty list for a game never crawled', () => {
    const result = playerHistory(buildGame({ crawlStart: null }), {}, NOW_MS);

    expect(result).toMatchObject({ ok: { data: [] } });
  });

  it('accepts a daily range of 365 days', () => {
    const body = history({ from: '2025-03-16', to: '2026-03-15' });

    expect(body.data).toHaveLength(365);
  });

  it('refuses a daily range of 366 days', () => {
    const result = playerHistory(game, { from: '2025-03-15', to: '2026-03-15' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('accepts a raw range of 90 days', () => {
    const body = history({ granularity: 'raw', from: '2025-12-16', to: '2026-03-15' });

    expect(body.meta).toMatchObject({ from: '2025-12-16', to: '2026-03-15' });
  });

  it('refuses a raw range of 91 days', () => {
    const result = playerHistory(game, { granularity: 'raw', from: '2025-12-15', to: '2026-03-15' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('refuses an impossible date', () => {
    const result = playerHistory(game, { from: '2026-02-30' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('refuses from after to', () => {
    const result = playerHistory(game, { from: '2026-03-10', to: '2026-03-09' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('refuses an unknown granularity', () => {
    const result = playerHistory(game, { granularity: 'hourly' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('refuses a repeated granularity', () => {
    const result = playerHistory(game, { granularity: ['raw', 'raw'] }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('produces a daily body valid against PlayerHistoryResponse', async () => {
    const validator = await loadSpecValidator();

    const body = history({ from: '2025-03-16', to: '2026-03-15' });

    expect(validator.validateComponent('PlayerHistoryResponse', body).errors).toEqual([]);
  });

  it('produces a raw body valid against PlayerHistoryResponse', async () => {
    const validator = await loadSpecValidator();

    const body = history({ granularity: 'raw', from: '2025-12-16', to: '2026-03-15' });

    expect(validator.validateComponent('PlayerHistoryResponse', body).errors).toEqual([]);
  });
});

describe('dailyRoundedMeans (D24)', () => {
  const startSec = sec('2026-01-01T00:00:00Z');
  const endSec = sec('2026-03-31T23:59:59Z');
  const now = sec('2026-03-15T12:00:00Z');
  const patchy = buildGame({
    outages: [
      { start: sec('2026-01-10T05:00:00Z'), end: sec('2026-01-10T19:30:00Z') },
      { start: sec('2026-02-03T00:00:00Z'), end: sec('2026-02-06T00:00:00Z') },
    ],
  });
  const days = dailyRoundedMeans(patchy, startSec, endSec, now);
  const dayOf = (t: number) => Math.floor(t / 86_400) * 86_400;

  it('is Math.round of the mean of each day’s raw samples', () => {
    const expected = days.map(({ day }) => {
      const players = rawSamples(patchy, day, day + 86_399, now).map((sample) => sample.players);
      return { day, players: Math.round(players.reduce((sum, p) => sum + p, 0) / players.length) };
    });

    expect(days).toEqual(expected);
  });

  it('has one entry per UTC day that has a raw sample, and none for other days', () => {
    const daysWithSamples = [...new Set(rawSamples(patchy, startSec, endSec, now).map((s) => dayOf(s.t)))];

    expect(days.map((d) => d.day)).toEqual(daysWithSamples);
    expect(days).toHaveLength(31 + 28 + 15 - 3);
  });

  it('rounds a mean of x.5 up, also from an even whole part (not half to even, not truncated)', () => {
    const slots = Array.from({ length: 47 }, (_, i) => sec('2026-03-02T00:00:00Z') + i * 1800);
    const sumAt = (s: number) => rawSamples(game, s, s + 1800, now).reduce((sum, x) => sum + x.players, 0);
    const t = slots.find((s) => sumAt(s) % 4 === 1);
    if (t === undefined) throw new Error('no pair of samples whose mean is an even number and a half');
    const pair = buildGameWithSamplesAt([t, t + 1800]);

    expect(dailyRoundedMeans(pair, dayOf(t), dayOf(t) + 86_399, now)).toEqual([
      { day: dayOf(t), players: (sumAt(t) + 1) / 2 },
    ]);
  });

  it('is empty for a game never crawled successfully', () => {
    expect(dailyRoundedMeans(buildGame({ crawlStart: null }), startSec, endSec, now)).toEqual([]);
  });
});

describe('dailyAggregation', () => {
  it('condenses each day’s player counts in chronological order', () => {
    const game = buildGame({
      outages: [{ start: sec('2026-01-10T05:00:00Z'), end: sec('2026-01-10T19:30:00Z') }],
    });
    const from = sec('2026-01-09T00:00:00Z');
    const to = sec('2026-01-11T23:59:59Z');
    const now = sec('2026-03-15T12:00:00Z');

    const condensed = dailyAggregation((players) => players.length * 1_000_000 + players[0]!)(
      game,
      from,
      to,
      now,
    );

    const first = (day: string) => rawSamples(game, sec(day), sec(day), now)[0]!.players;
    expect(condensed).toEqual([
      { day: sec('2026-01-09T00:00:00Z'), players: 48_000_000 + first('2026-01-09T00:00:00Z') },
      { day: sec('2026-01-10T00:00:00Z'), players: 19_000_000 + first('2026-01-10T00:00:00Z') },
      { day: sec('2026-01-11T00:00:00Z'), players: 48_000_000 + first('2026-01-11T00:00:00Z') },
    ]);
  });
});
