import { describe, expect, it } from 'vitest';
import { playersAt } from '../../../fixtures/src/samples.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import { PLAYER_HISTORY_RULES, playerHistory } from '../domain/player-history.ts';
import { buildGame, buildGameWithSamplesAt, sec } from '../domain/testing/build-game.ts';
import { NO_FAULTS, toFaultSet, type FaultName } from '../faults.ts';
import { NO_VARIANTS, toVariantSet, type VariantName } from '../variants.ts';
import { deviatePlayerHistory, playerHistoryRules, type ServedPlayerHistory } from './player-history.ts';

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const game = buildGame({ crawlStart: sec('2024-01-01T00:00:00Z') });

/** GET /games/7/players as a server with these deviations answers it. */
function served(
  query: RawQuery,
  faults: FaultName[] = [],
  variants: VariantName[] = [],
  subject = game,
): DomainResult<ServedPlayerHistory> {
  const on = { faults: toFaultSet(faults), variants: toVariantSet(variants) };
  return deviatePlayerHistory(
    playerHistory(subject, query, NOW_MS, playerHistoryRules(on)),
    subject,
    NOW_MS,
    on,
  );
}

function body(query: RawQuery, faults: FaultName[] = [], variants: VariantName[] = []): ServedPlayerHistory {
  const result = served(query, faults, variants);
  if ('error' in result) throw new Error(`unexpected error ${JSON.stringify(result.error)}`);
  return result.ok;
}

const stamps = (b: ServedPlayerHistory) => b.data.map((d) => d.recorded_at);

describe('GET /games/{gameId}/players deviations', () => {
  it('give the API rules and the answer unchanged when none is on', () => {
    const on = { faults: NO_FAULTS, variants: NO_VARIANTS };
    const result = playerHistory(game, {}, NOW_MS);
    expect(playerHistoryRules(on)).toBe(PLAYER_HISTORY_RULES);
    expect(deviatePlayerHistory(result, game, NOW_MS, on)).toBe(result);
  });

  it('move the span limits (faults daily-range-366-accepted, daily-range-365-refused, raw-range-91-accepted)', () => {
    const daily366 = { from: '2025-03-15', to: '2026-03-15' };
    const daily365 = { from: '2025-03-16', to: '2026-03-15' };
    const raw91 = { granularity: 'raw', from: '2025-12-15', to: '2026-03-15' };
    expect(served(daily366)).toMatchObject({ error: { code: 'invalid_date_range' } });
    expect(body(daily366, ['daily-range-366-accepted']).data).toHaveLength(366);
    expect(served(daily365, ['daily-range-365-refused'])).toMatchObject({ error: { status: 422 } });
    expect(served(raw91)).toMatchObject({ error: { code: 'invalid_date_range' } });
    expect(body(raw91, ['raw-range-91-accepted']).meta.from).toBe('2025-12-15');
  });

  it('read dates as the date faults do (players-default-31-days, players-invalid-date-accepted)', () => {
    expect(body({}, ['players-default-31-days']).meta.from).toBe('2026-02-13');
    expect(served({ from: '2026-02-30', to: '2026-03-05' })).toMatchObject({ error: { status: 422 } });
    expect(body({ from: '2026-02-30', to: '2026-03-05' }, ['players-invalid-date-accepted']).meta.from).toBe(
      '2026-03-02',
    );
  });

  it('condense a day as the daily-value deviations do (fault daily-value-max, variant daily-round-half-even)', () => {
    // Two samples on 2026-03-02 whose mean is an even number and a half: D24 rounds it up, the variant down.
    const slots = Array.from({ length: 47 }, (_, i) => sec('2026-03-02T00:00:00Z') + i * 1800);
    const t = slots.find((s) => {
      const sum = playersAt(game, s) + playersAt(game, s + 1800);
      return sum % 2 === 1 && Math.floor(sum / 2) % 2 === 0;
    });
    if (t === undefined) throw new Error('no such pair of samples');
    const subject = buildGameWithSamplesAt([t, t + 1800]);
    const [a, b] = [playersAt(subject, t), playersAt(subject, t + 1800)];
    const value = (faults: FaultName[], variants: VariantName[] = []) => {
      const result = served({ from: '2026-03-02', to: '2026-03-02' }, faults, variants, subject);
      return 'ok' in result ? result.ok.data.map((d) => d.players) : result.error;
    };
    expect(value([])).toEqual([Math.round((a + b) / 2)]);
    expect(value([], ['daily-round-half-even'])).toEqual([Math.floor((a + b) / 2)]);
    expect(value(['daily-value-max'])).toEqual([Math.max(a, b)]);
    expect(value(['daily-value-max'], ['daily-round-half-even'])).toEqual([Math.max(a, b)]);
  });

  it('end the range as the range-end faults do (players-to-exclusive, raw-includes-next-midnight)', () => {
    const raw = { granularity: 'raw', from: '2026-03-01', to: '2026-03-02' };
    expect(stamps(body(raw)).at(-1)).toBe('2026-03-02T23:30:00Z');
    expect(stamps(body(raw, ['players-to-exclusive'])).at(-1)).toBe('2026-03-01T23:30:00Z');
    expect(stamps(body(raw, ['raw-includes-next-midnight'])).at(-1)).toBe('2026-03-03T00:00:00Z');
    expect(stamps(body(raw, ['players-to-exclusive', 'raw-includes-next-midnight'])).slice(-2)).toEqual([
      '2026-03-01T23:30:00Z',
      '2026-03-02T00:00:00Z',
    ]);
    expect(stamps(body({ from: '2026-03-01', to: '2026-03-03' }, ['players-to-exclusive']))).toEqual([
      '2026-03-01T00:00:00Z',
      '2026-03-02T00:00:00Z',
    ]);
  });

  it('serve the data as the representation faults do', () => {
    const daily = { from: '2026-03-01', to: '2026-03-02' };
    const raw = { granularity: 'raw', from: '2026-03-01', to: '2026-03-01' };
    expect(stamps(body(daily, ['daily-stamped-at-noon']))).toEqual([
      '2026-03-01T12:00:00Z',
      '2026-03-02T12:00:00Z',
    ]);
    expect(stamps(body(daily, ['players-reverse-chronological']))).toEqual([
      '2026-03-02T00:00:00Z',
      '2026-03-01T00:00:00Z',
    ]);
    expect(typeof body(raw, ['player-count-as-text']).data[0]?.players).toBe('string');
    expect(typeof body(daily, ['player-count-as-text']).data[0]?.players).toBe('number');
    expect(body(raw, ['players-meta-always-daily']).meta.granularity).toBe('daily');
  });

  it("refuse a web-only game's history as an unknown game (fault players-web-only-404)", () => {
    const webOnly = buildGame({ webOnly: true });
    expect(served({}, [], [], webOnly)).toMatchObject({ ok: { meta: { game_id: 7 } } });
    expect(served({}, ['players-web-only-404'], [], webOnly)).toMatchObject({
      error: { status: 404, code: 'game_not_found' },
    });
  });
});
