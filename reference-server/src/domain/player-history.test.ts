import { describe, expect, it } from 'vitest';
import { rawSamples } from '../../../fixtures/src/samples.ts';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import type { RawQuery } from './domain-result.ts';
import { playerHistory, type PlayerHistoryResponse } from './player-history.ts';
import { buildGame, sec } from './testing/build-game.ts';

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
