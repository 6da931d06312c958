import { describe, expect, it } from 'vitest';
import { msspSnapshot } from '../domain/mssp.ts';
import { buildGame } from '../domain/testing/build-game.ts';
import { NO_FAULTS, toFaultSet, type FaultName } from '../faults.ts';
import { deviateMssp } from './mssp.ts';

const COLLECTED_AT = Date.parse('2026-03-15T08:30:00Z') / 1000;
const withSnapshot = buildGame({
  msspCollectedAt: COLLECTED_AT,
  msspRaw: { NAME: 'Shattered Realms', PLAYERS: '042', SSL: '4443', ANSI: '1' },
});
const withoutSnapshot = buildGame({ msspCollectedAt: null, msspRaw: null });

/** GET /games/7/mssp as a server with these faults answers it. */
function served(game: typeof withSnapshot, faults: FaultName[]) {
  return deviateMssp(msspSnapshot(game), game, { faults: toFaultSet(faults) });
}

describe('GET /games/{gameId}/mssp deviations', () => {
  it('give the answer unchanged when none is on', () => {
    const result = msspSnapshot(withSnapshot);
    expect(deviateMssp(result, withSnapshot, { faults: NO_FAULTS })).toBe(result);
  });

  it("refuse an archived game's snapshot as an unknown game (fault mssp-archived-404)", () => {
    const archived = buildGame({ ...withSnapshot, archiveReason: 'admin_disabled' });
    expect(served(archived, [])).toMatchObject({ ok: { meta: { status: 'available' } } });
    expect(served(archived, ['mssp-archived-404'])).toMatchObject({
      error: { status: 404, code: 'game_not_found' },
    });
  });

  it('misreport a missing snapshot as the no-snapshot faults do', () => {
    const meta = { game_id: 7, status: 'mssp_not_available' };
    expect(served(withoutSnapshot, [])).toEqual({ ok: { data: null, meta } });
    expect(served(withoutSnapshot, ['mssp-available-with-null-data'])).toEqual({
      ok: { data: null, meta: { ...meta, status: 'available' } },
    });
    expect(served(withoutSnapshot, ['mssp-not-available-empty-snapshot'])).toEqual({
      ok: { data: { collected_at: null, values: null }, meta },
    });
  });

  it('serve the snapshot as the snapshot faults do', () => {
    expect(served(withSnapshot, ['mssp-collected-at-epoch'])).toMatchObject({
      ok: { data: { collected_at: COLLECTED_AT, values: { players: 42 } } },
    });
    expect(served(withSnapshot, ['mssp-numbers-left-as-text'])).toMatchObject({
      ok: {
        data: {
          collected_at: '2026-03-15T08:30:00Z',
          values: { name: 'Shattered Realms', players: '042', ssl: '4443', ansi: true },
        },
      },
    });
  });
});
