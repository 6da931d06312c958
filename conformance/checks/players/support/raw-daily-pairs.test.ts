import { describe, expect, it } from 'vitest';
import type { ObservedResponse } from '../../../src/core/http-client.ts';
import { observedPlayers, rawDailyPairs, type ObservedPlayers } from './raw-daily-pairs.ts';

const NOW = Date.parse('2026-12-02T15:00:00Z');

const answer = (
  path: string,
  meta: { from: string; to: string },
  data: Array<{ recorded_at: string; players: number }>,
  serverDate: number | undefined = NOW,
) =>
  ({
    url: `http://127.0.0.1:1/api/v1${path}`,
    status: 200,
    body: { data, meta },
    serverDate,
  }) as unknown as ObservedResponse;

const read = (response: ObservedResponse): ObservedPlayers => {
  const history = observedPlayers(response);
  if (history === undefined) throw new Error(`not read: ${response.url}`);
  return history;
};

const RANGE = { from: '2026-11-30', to: '2026-12-02' };
const RAW = [
  { recorded_at: '2026-11-30T01:00:00Z', players: 1 },
  { recorded_at: '2026-11-30T13:00:00Z', players: 2 },
  { recorded_at: '2026-12-01T05:00:00Z', players: 4 },
  { recorded_at: '2026-12-02T06:00:00Z', players: 7 },
  { recorded_at: '2026-12-09T06:00:00Z', players: 9 },
];

describe('observedPlayers', () => {
  it('reads an answer by its meta range, a defaulted one too, and the days ended when it was given', () => {
    const raw = read(answer('/games/7/players?granularity=raw', RANGE, RAW));
    expect(raw).toMatchObject({ game: 7, granularity: 'raw', ...RANGE, closedBefore: '2026-12-02' });
    expect(read(answer('/games/7/players', RANGE, [])).granularity).toBe('daily');
    // Ten minutes after midnight, the day before may still get a late sample.
    const early = read(answer('/games/7/players', RANGE, [], Date.parse('2026-12-02T00:05:00Z')));
    expect(early.closedBefore).toBe('2026-12-01');
  });

  it('leaves out answers it cannot read whole', () => {
    for (const response of [
      answer('/games/7/players?granularity=hourly', RANGE, RAW),
      answer('/games/7/players?page=2', RANGE, RAW),
      answer('/games/7/players', { from: '2026-12-02', to: '2026-11-30' }, RAW),
      answer('/games/7/players', RANGE, [{ recorded_at: '2026-11-30T01:00:00+01:00', players: 1 }]),
      answer('/games/7/players', RANGE, [{ recorded_at: '2026-11-30T01:00:00Z', players: 1.5 }]),
      { ...answer('/games/7/players', RANGE, RAW), serverDate: undefined },
    ])
      expect(observedPlayers(response), response.url).toBeUndefined();
  });
});

describe('rawDailyPairs', () => {
  it('pairs a daily answer with the raw answers of its game given before it, on the days inside both ranges', () => {
    const raw = read(answer('/games/7/players?granularity=raw', RANGE, RAW));
    const otherGame = read(answer('/games/8/players?granularity=raw', RANGE, RAW));
    const daily = read(
      answer('/games/7/players', { from: '2026-12-01', to: '2026-12-02' }, [
        { recorded_at: '2026-12-01T00:00:00Z', players: 4 },
      ]),
    );
    const [pair, ...more] = rawDailyPairs([raw, otherGame, daily]);
    expect(more).toEqual([]);
    expect(pair?.daily).toBe(daily);
    expect(
      pair?.days.map(({ day, values, daily: value, closed }) => ({ day, values, value, closed })),
    ).toEqual([
      { day: '2026-12-01', values: [4], value: 4, closed: true },
      // Today: the raw answer's day had not ended; the daily answer has no value for it.
      { day: '2026-12-02', values: [7], value: undefined, closed: false },
    ]);
  });

  it('pairs nothing with a raw answer given after the daily one', () => {
    const daily = read(answer('/games/7/players', RANGE, []));
    const raw = read(answer('/games/7/players?granularity=raw', RANGE, RAW));
    expect(rawDailyPairs([daily, raw])).toEqual([]);
  });
});
