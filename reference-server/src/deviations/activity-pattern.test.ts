import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_PATTERN_RULES,
  activityPattern,
  type ActivityPatternResponse,
} from '../domain/activity-pattern.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import { buildGameWithSamplesAt, sec } from '../domain/testing/build-game.ts';
import { NO_FAULTS, toFaultSet, type FaultName } from '../faults.ts';
import { NO_VARIANTS, toVariantSet, type VariantName } from '../variants.ts';
import { activityPatternRules, deviateActivityPattern } from './activity-pattern.ts';

const NOW_MS = Date.parse('2026-03-20T12:00:00Z');
/** Two Monday 12:00Z observations. */
const game = buildGameWithSamplesAt([sec('2026-03-02T12:00:00Z'), sec('2026-03-09T12:00:00Z')]);
const RANGE = { from: '2026-03-02', to: '2026-03-15' };

/** GET /games/7/activity-pattern as a server with these deviations answers it. */
function served(
  query: RawQuery,
  faults: FaultName[] = [],
  variants: VariantName[] = [],
): DomainResult<ActivityPatternResponse> {
  const on = { faults: toFaultSet(faults), variants: toVariantSet(variants) };
  return deviateActivityPattern(activityPattern(game, query, NOW_MS, activityPatternRules(on)), on);
}

function cells(query: RawQuery, faults: FaultName[] = []): ActivityPatternResponse['data'] {
  const result = served(query, faults);
  if ('error' in result) throw new Error(`unexpected error ${JSON.stringify(result.error)}`);
  return result.ok.data;
}

const monday12 = (data: ActivityPatternResponse['data']) => data[12];

describe('GET /games/{gameId}/activity-pattern deviations', () => {
  it('give the API rules and the answer unchanged when none is on', () => {
    const on = { faults: NO_FAULTS, variants: NO_VARIANTS };
    const result = activityPattern(game, {}, NOW_MS);
    expect(activityPatternRules(on)).toBe(ACTIVITY_PATTERN_RULES);
    expect(deviateActivityPattern(result, on)).toBe(result);
  });

  it('read the zone as the zone deviations do (variant timezone-aliases-refused, fault invalid-timezone-accepted)', () => {
    const refused = { error: { status: 422, code: 'invalid_statistics_query' } };
    expect(served({ timezone: 'Asia/Kolkata' })).toMatchObject({ ok: {} });
    expect(served({ timezone: 'Asia/Kolkata' }, [], ['timezone-aliases-refused'])).toMatchObject(refused);
    expect(served({ timezone: 'Mars/Olympus' })).toMatchObject(refused);
    expect(served({ timezone: 'Mars/Olympus' }, ['invalid-timezone-accepted'])).toMatchObject({
      ok: { meta: { timezone: 'Mars/Olympus' } },
    });
    expect(
      served({ timezone: 'Asia/Kolkata' }, ['invalid-timezone-accepted'], ['timezone-aliases-refused']),
    ).toMatchObject({ ok: { meta: { timezone: 'Asia/Kolkata' } } });
  });

  it('accept a range of 91 days (fault activity-pattern-91-days-accepted)', () => {
    const query = { from: '2025-12-20', to: '2026-03-20' };
    expect(served(query)).toMatchObject({ error: { status: 422 } });
    expect(served(query, ['activity-pattern-91-days-accepted'])).toMatchObject({ ok: { meta: query } });
  });

  it('average a cell of two observations (fault activity-null-threshold-2)', () => {
    expect(monday12(cells(RANGE))).toMatchObject({ count: 2, average: null });
    expect(monday12(cells(RANGE, ['activity-null-threshold-2']))?.average).toEqual(expect.any(Number));
  });

  it('serve the cells as the cell faults do', () => {
    expect(cells(RANGE, ['activity-hours-one-based']).map((c) => c.hour)).toEqual(
      Array.from({ length: 168 }, (_, i) => (i % 24) + 1),
    );
    expect(cells(RANGE, ['activity-pattern-167-cells'])).toEqual(cells(RANGE).slice(0, -1));
    const zeroed = cells(RANGE, ['activity-zero-for-empty-cell']);
    expect([zeroed[0], monday12(zeroed)]).toMatchObject([
      { count: 0, average: 0 },
      { count: 2, average: null },
    ]);
  });
});
