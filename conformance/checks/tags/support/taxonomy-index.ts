/** Every tag of GET /tags by id, with the groups that list it (ids should name one tag, see TAGS-TAG-IDS-UNIQUE). */
import type { TagGroup } from '../../../src/core/discovery.ts';

export interface ListedTag {
  name: string;
  group: string;
}

export function taxonomyIndex(groups: TagGroup[]): Map<number, ListedTag[]> {
  const index = new Map<number, ListedTag[]>();
  for (const group of groups) {
    for (const value of group.values) {
      const listed = index.get(value.id) ?? [];
      listed.push({ name: value.name, group: group.name });
      index.set(value.id, listed);
    }
  }
  return index;
}
