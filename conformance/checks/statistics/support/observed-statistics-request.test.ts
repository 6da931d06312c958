import { describe, expect, it } from 'vitest';
import { observedStatisticsRequest } from './observed-statistics-request.ts';
import type { StatisticsNames } from './probe-names.ts';

const names: StatisticsNames = { metricParam: 'metric', resolutionParam: 'resolution', notes: [] };
const read = (query: string, probed: StatisticsNames = names) =>
  observedStatisticsRequest(probed, { url: `http://127.0.0.1:1/api/v1/games/7/statistics?${query}` });

describe('observedStatisticsRequest', () => {
  it('reads a request stated whole under the probed names', () => {
    expect(read('metric=rooms&resolution=weekly&from=2026-02-27&to=2026-03-02')).toEqual({
      metric: 'rooms',
      resolution: 'weekly',
      from: '2026-02-27',
      to: '2026-03-02',
      days: 4,
    });
    expect(read('to=2026-12-02&from=2026-12-02&resolution=raw&metric=players')?.days).toBe(1);
    expect(
      read('granularity=daily&kind=players&from=2025-01-01&to=2025-12-31', {
        ...names,
        metricParam: 'kind',
        resolutionParam: 'granularity',
      })?.days,
    ).toBe(365);
  });

  it('leaves out what the URL does not state whole', () => {
    // A default left to the server, an unprobed name, a parameter more or twice.
    expect(read('metric=players&from=2026-12-01&to=2026-12-02')).toBeUndefined();
    expect(
      read('metric=players&resolution=daily&from=2026-12-01&to=2026-12-02', { notes: [] }),
    ).toBeUndefined();
    expect(read('metric=players&resolution=daily&from=2026-12-01&to=2026-12-02&zone=UTC')).toBeUndefined();
    expect(
      read('metric=players&resolution=daily&resolution=hourly&from=2026-12-01&to=2026-12-02'),
    ).toBeUndefined();
    // Values the description does not list, days that do not exist, a reversed range.
    expect(read('metric=users&resolution=daily&from=2026-12-01&to=2026-12-02')).toBeUndefined();
    expect(read('metric=players&resolution=Daily&from=2026-12-01&to=2026-12-02')).toBeUndefined();
    expect(read('metric=players&resolution=daily&from=2026-02-29&to=2026-03-02')).toBeUndefined();
    expect(read('metric=players&resolution=daily&from=2026-12-1&to=2026-12-02')).toBeUndefined();
    expect(read('metric=players&resolution=daily&from=2026-12-03&to=2026-12-02')).toBeUndefined();
  });
});
