import { describe, expect, it } from 'vitest';
import type { ObservedResponse } from '../../../src/core/http-client.ts';
import { observedHistory } from './observed-history.ts';

const SAMPLES = [{ recorded_at: '2026-11-30T00:00:00Z', players: 3 }];
const answer = (query: string, body: unknown = { data: SAMPLES, meta: { game_id: 7 } }) =>
  ({ url: `http://127.0.0.1:1/api/v1/games/7/players?${query}`, body }) as unknown as ObservedResponse;

describe('observedHistory', () => {
  it('reads a range the URL states whole, the granularity named or left to its default', () => {
    expect(observedHistory(answer('granularity=raw&from=2026-11-29&to=2026-11-30'))).toMatchObject({
      query: { granularity: 'raw', from: '2026-11-29', to: '2026-11-30' },
      explicitGranularity: true,
      samples: SAMPLES,
    });
    expect(observedHistory(answer('to=2026-11-30&from=2026-11-01'))).toMatchObject({
      query: { granularity: 'daily', from: '2026-11-01', to: '2026-11-30' },
      explicitGranularity: false,
    });
  });

  it('leaves out a range left to the server, a bad value, a parameter more and a body of another shape', () => {
    for (const query of [
      'granularity=daily&to=2026-11-30',
      'granularity=hourly&from=2026-11-29&to=2026-11-30',
      'from=2026-11-30&to=2026-11-29',
      'from=2026-02-29&to=2026-03-01',
      'from=2026-11-29&to=2026-11-30&page=2',
      'from=2026-11-29&from=2026-11-28&to=2026-11-30',
    ])
      expect(observedHistory(answer(query)), query).toBeUndefined();
    for (const body of [
      { data: SAMPLES },
      { data: null, meta: {} },
      { data: [{ recorded_at: 'yesterday' }], meta: {} },
    ])
      expect(observedHistory(answer('from=2026-11-29&to=2026-11-30', body))).toBeUndefined();
  });
});
