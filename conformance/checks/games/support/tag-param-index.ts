/**
 * Which filter parameter a tag id belongs to, from the discovered mapping of tag
 * groups to parameters (D3). Lets a check turn a game's own tags into filters.
 */
import type { Discovery } from '../../../src/core/discovery.ts';

export function tagParamIndex(discovery: Discovery): Map<number, string> {
  const index = new Map<number, string>();
  for (const filter of discovery.tagFilters) {
    for (const value of filter.group.values) index.set(value.id, filter.param);
  }
  return index;
}
