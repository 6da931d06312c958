import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';

/** Smallest id the suite treats as surely unassigned: no directory has a billion listings. */
const UNLIKELY_ID = 1_000_000_000;
const INT32_MAX = 2_147_483_647;

/**
 * Well-formed game ids (integers ≥ 1) that no listing has: above 10^9 and above every
 * id discovery has seen, within 32 bits so that no server has a reason to treat them
 * as malformed (D17 is about malformed ids).
 */
export function unknownGameId(discovery: Discovery): fc.Arbitrary<number> {
  const seen = discovery.games.map((game) => game.id);
  const floor = Math.max(UNLIKELY_ID, ...seen, discovery.archivedGameId ?? 0) + 1;
  return fc.integer({ min: floor, max: INT32_MAX });
}
