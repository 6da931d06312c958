/**
 * All checks, in one list (the ten area indexes in the API's order), and the rules a
 * registry must keep: stable well-formed unique ids, ids prefixed by their area, rules
 * that exist, profile checks that name their DECISIONS row.
 */
import { AREAS, type Area, type CheckDefinition } from './core/check.ts';
import { RULE_IDS } from './rules.ts';
import { checks as auth } from '../checks/auth/index.ts';
import { checks as rateLimit } from '../checks/rate-limit/index.ts';
import { checks as games } from '../checks/games/index.ts';
import { checks as gameDetail } from '../checks/game-detail/index.ts';
import { checks as mssp } from '../checks/mssp/index.ts';
import { checks as players } from '../checks/players/index.ts';
import { checks as reviews } from '../checks/reviews/index.ts';
import { checks as tags } from '../checks/tags/index.ts';
import { checks as statistics } from '../checks/statistics/index.ts';
import { checks as protocol } from '../checks/protocol/index.ts';

export const CHECK_ID_PATTERN = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

/** The id prefix of each area: `game-detail` → `GAME-DETAIL-`. */
export function areaPrefix(area: Area): string {
  return `${area.toUpperCase()}-`;
}

export const ALL_CHECKS: readonly CheckDefinition[] = [
  ...auth,
  ...rateLimit,
  ...games,
  ...gameDetail,
  ...mssp,
  ...players,
  ...reviews,
  ...tags,
  ...statistics,
  ...protocol,
];

/** Problems of a registry, one line each; empty when it is sound. */
export function validateRegistry(checks: readonly CheckDefinition[] = ALL_CHECKS): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const check of checks) {
    const id = String(check.id);
    if (seen.has(id)) problems.push(`${id}: duplicate id`);
    seen.add(id);
    if (!CHECK_ID_PATTERN.test(id))
      problems.push(`${id}: malformed id (expected ${CHECK_ID_PATTERN.source})`);
    if (!(AREAS as readonly string[]).includes(check.area)) {
      problems.push(`${id}: unknown area "${check.area}"`);
    } else if (!id.startsWith(areaPrefix(check.area))) {
      problems.push(`${id}: id does not start with its area's prefix ${areaPrefix(check.area)}`);
    }
    if (check.level !== 'must' && check.level !== 'profile')
      problems.push(`${id}: level must be must or profile`);
    if (typeof check.title !== 'string' || check.title.trim() === '') problems.push(`${id}: empty title`);
    if (typeof check.source !== 'string' || !check.source.startsWith('§')) {
      problems.push(`${id}: source must cite a section of the description (§…)`);
    }
    if (!Array.isArray(check.covers) || check.covers.length === 0) problems.push(`${id}: covers no rule`);
    for (const rule of check.covers ?? []) {
      if (!RULE_IDS.has(rule)) problems.push(`${id}: covers unknown rule ${rule}`);
    }
    if (check.level === 'profile' && (!check.decisions || check.decisions.length === 0)) {
      problems.push(`${id}: profile check without decisions (DECISIONS row ids)`);
    }
    for (const decision of check.decisions ?? []) {
      if (!/^D\d+$/.test(decision)) problems.push(`${id}: malformed decision id ${decision}`);
    }
    if (typeof check.run !== 'function') problems.push(`${id}: run is not a function`);
  }
  return problems;
}
