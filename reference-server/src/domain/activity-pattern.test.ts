import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import { activityPattern, dailyOffsets, type ActivityPatternResponse } from './activity-pattern.ts';
import type { RawQuery } from './domain-result.ts';
import { buildGame, buildGameWithSamplesAt, sec } from './testing/build-game.ts';

const NOW_MS = Date.parse('2026-03-20T12:00:00Z');
const game = buildGame({ crawlStart: sec('2024-01-01T00:00:00Z') });

function pattern(query: RawQuery, subject = game): ActivityPatternResponse {
  const result = activityPattern(subject, query, NOW_MS);
  if ('error' in result) throw new Error(`unexpected error ${JSON.stringify(result.error)}`);
  return result.ok;
}

function cell(body: ActivityPatternResponse, weekday: number, hour: number) {
  return body.data.find((c) => c.weekday === weekday && c.hour === hour);
}

describe('activityPattern', () => {
  it('returns 168 cells ordered by weekday then hour', () => {
    const body = pattern({});

    expect(body.data.map((c) => [c.weekday, c.hour])).toEqual(
      Array.from({ length: 168 }, (_, i) => [Math.floor(i / 24) + 1, i % 24]),
    );
  });

  it('defaults to UTC over the 30 days ending today', () => {
    const body = pattern({});

    expect(body.meta).toEqual({ game_id: 7, timezone: 'UTC', from: '2026-02-19', to: '2026-03-20' });
  });

  it('counts a Monday 12:00Z sample in Monday hour 12 in UTC', () => {
    const subject = buildGameWithSamplesAt([sec('2026-03-09T12:00:00Z')]);

    const body = pattern({ from: '2026-03-09', to: '2026-03-09' }, subject);

    expect(cell(body, 1, 12)).toEqual({ weekday: 1, hour: 12, count: 1, average: null });
  });

  it('counts 12:00Z in New York as 07h before and 08h after the DST change', () => {
    const subject = buildGameWithSamplesAt([sec('2026-03-02T12:00:00Z'), sec('2026-03-09T12:00:00Z')]);

    const body = pattern({ timezone: 'America/New_York', from: '2026-03-02', to: '2026-03-15' }, subject);

    expect([cell(body, 1, 7)?.count, cell(body, 1, 8)?.count]).toEqual([1, 1]);
  });

  it('moves a sample across midnight into the local weekday', () => {
    const subject = buildGameWithSamplesAt([sec('2026-03-10T02:00:00Z')]);

    const body = pattern({ timezone: 'America/New_York', from: '2026-03-10', to: '2026-03-10' }, subject);

    expect(cell(body, 1, 22)?.count).toBe(1);
  });

  it('buckets every sample of a DST week as luxon does and still has 168 cells', () => {
    const zone = 'America/New_York';
    const expected = new Array<number>(168).fill(0);
    for (const t of sampleTimes(
      game,
      sec('2026-03-02T00:00:00Z'),
      sec('2026-03-15T23:59:59Z'),
      NOW_MS / 1000,
    )) {
      const local = DateTime.fromSeconds(t, { zone });
      const index = (local.weekday - 1) * 24 + local.hour;
      expected[index] = (expected[index] ?? 0) + 1;
    }

    const body = pattern({ timezone: zone, from: '2026-03-02', to: '2026-03-15' });

    expect(body.data.map((c) => c.count)).toEqual(expected);
  });

  it('leaves the skipped local hour of the spring-forward night empty that week', () => {
    const body = pattern({ timezone: 'America/New_York', from: '2026-03-08', to: '2026-03-08' });

    expect(cell(body, 7, 2)?.count).toBe(0);
  });

  it('counts the repeated local hour of the fall-back night twice', () => {
    const body = pattern({ timezone: 'America/New_York', from: '2025-11-02', to: '2025-11-02' });

    expect([cell(body, 7, 1)?.count, cell(body, 7, 3)?.count]).toEqual([4, 2]);
  });

  it('gives a cell with two observations a null average', () => {
    const subject = buildGameWithSamplesAt([sec('2026-03-02T12:00:00Z'), sec('2026-03-09T12:00:00Z')]);

    const body = pattern({ from: '2026-03-02', to: '2026-03-15' }, subject);

    expect(cell(body, 1, 12)).toEqual({ weekday: 1, hour: 12, count: 2, average: null });
  });

  it('averages a cell with three observations to two decimals', () => {
    const times = [sec('2026-03-02T12:00:00Z'), sec('2026-03-09T12:00:00Z'), sec('2026-03-16T12:00:00Z')];
    const subject = buildGameWithSamplesAt(times);
    const mean = times.reduce((sum, t) => sum + playersAt(subject, t), 0) / 3;

    const body = pattern({ from: '2026-03-02', to: '2026-03-16' }, subject);

    expect(cell(body, 1, 12)).toEqual({
      weekday: 1,
      hour: 12,
      count: 3,
      average: Math.round(mean * 100) / 100,
    });
  });

  it('echoes the requested time zone name', () => {
    const body = pattern({ timezone: 'US/Eastern' });

    expect(body.meta.timezone).toBe('US/Eastern');
  });

  it('refuses an unknown time zone', () => {
    const result = activityPattern(game, { timezone: 'Mars/Olympus' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses a repeated time zone', () => {
    const result = activityPattern(game, { timezone: ['UTC', 'UTC'] }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('accepts a range of 90 days', () => {
    const body = pattern({ from: '2025-12-21', to: '2026-03-20' });

    expect(body.data.reduce((sum, c) => sum + c.count, 0)).toBe(89 * 48 + 25);
  });

  it('refuses a range of 91 days', () => {
    const result = activityPattern(game, { from: '2025-12-20', to: '2026-03-20' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('refuses an impossible date', () => {
    const result = activityPattern(game, { from: '2026-02-29' }, NOW_MS);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_statistics_query' } });
  });

  it('answers 503 statistics_unavailable for an unavailable game', () => {
    const result = activityPattern(buildGame({ statisticsState: 'unavailable' }), {}, NOW_MS);

    expect(result).toMatchObject({ error: { status: 503, code: 'statistics_unavailable' } });
  });

  it('answers a pending game for its longest range of 90 days', () => {
    const result = activityPattern(
      buildGame({ statisticsState: 'pending_long_ranges' }),
      { from: '2025-12-21', to: '2026-03-20' },
      NOW_MS,
    );

    expect(result).toMatchObject({ ok: { meta: { from: '2025-12-21' } } });
  });

  it('gives every cell of a game never crawled count 0 and a null average', () => {
    const body = pattern({}, buildGame({ crawlStart: null }));

    expect(body.data.every((c) => c.count === 0 && c.average === null)).toBe(true);
  });

  it('produces a body valid against ActivityPatternResponse', async () => {
    const validator = await loadSpecValidator();

    const body = pattern({ timezone: 'Europe/Berlin', from: '2025-12-21', to: '2026-03-20' });

    expect(validator.validateComponent('ActivityPatternResponse', body).errors).toEqual([]);
  });
});

/** Zones with the awkward changes: half-hour shifts, changes off the UTC hour, Ramadan pauses, none. */
const ZONES = [
  'Europe/London',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Australia/Adelaide',
  'America/Santiago',
  'Africa/Casablanca',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/New_York',
  'UTC',
];

describe('dailyOffsets', () => {
  it('gives the zone offset in force at every instant, asking the zone twice a day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        // 2019-01-01 .. 2028-01-01, and a run of instants from there (the samples of a range)
        fc.integer({ min: 1_546_300_800, max: 1_830_297_600 }),
        fc.array(fc.integer({ min: 1, max: 7200 }), { minLength: 1, maxLength: 60 }),
        (name, start, steps) => {
          const zone = IANAZone.create(name);
          const offsetAt = dailyOffsets(zone);
          let t = start;
          for (const step of steps) {
            expect(offsetAt(t), `${name} at ${new Date(t * 1000).toISOString()}`).toBe(zone.offset(t * 1000));
            t += step;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is right on each side of a change (London, 2026-03-29 01:00 UTC)', () => {
    const zone = IANAZone.create('Europe/London');
    const offsetAt = dailyOffsets(zone);
    const change = Date.UTC(2026, 2, 29, 1) / 1000;
    expect([offsetAt(change - 1), offsetAt(change), offsetAt(change + 3600)]).toEqual([0, 60, 60]);
  });
});
