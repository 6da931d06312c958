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
  return idAbove([...discovery.games.map((game) => game.id), discovery.archivedGameId ?? 0]);
}

/**
 * Ids above 10^9 and every id of `seen`: within 32 bits while the seen ids leave room there,
 * else up to 2^53 − 1 (an id that is no safe integer — a server's malformed answer — is not a
 * bound; the schema checks report it).
 */
export function idAbove(seen: readonly number[]): fc.Arbitrary<number> {
  const floor = Math.max(UNLIKELY_ID, ...seen.filter((id) => Number.isSafeInteger(id))) + 1;
  const ceiling = floor <= INT32_MAX ? INT32_MAX : Number.MAX_SAFE_INTEGER;
  return fc.integer({ min: Math.min(floor, ceiling), max: ceiling });
}

/** 2^32: an id this much larger than another is the same id to a server that keeps 32 bits of it. */
const TWO_TO_32 = 4_294_967_296;

/**
 * Well-formed ids (integers ≥ 1, up to 2^53 − 1, D17) past the 32- and 64-bit signed/unsigned
 * edges a server's integer column or parser may have: no listing or review has them, so each is
 * answered 404 with the resource's not-found code — never a 500 from an out-of-range lookup, and
 * never the resource whose id the lower 32 bits name. First 2^32 plus `knownId` (an id the
 * deployment has, so that a server truncating or wrapping the id to 32 bits answers that
 * resource: a 200, not a 404; 2^32 exactly when none is known), then 2^31 and 2^53 − 1. The
 * not-found checks run them first, as examples.
 */
export function wideIds(knownId: number | undefined): number[] {
  const wrapsOnto =
    knownId !== undefined && Number.isSafeInteger(knownId) && knownId > 0 && knownId < TWO_TO_32;
  return [TWO_TO_32 + (wrapsOnto ? knownId : 0), 2_147_483_648, 9_007_199_254_740_991];
}

/** wideIds as the examples of a property over one id. */
export function wideIdExamples(knownId: number | undefined): [number][] {
  return wideIds(knownId).map((id) => [id]);
}
