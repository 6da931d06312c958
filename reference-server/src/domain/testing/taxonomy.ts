import type { CategoryKey, TagGroupRecord, Taxonomy } from '../../../../fixtures/src/model.ts';

function group(id: number, key: CategoryKey, name: string, ...values: [number, string][]): TagGroupRecord {
  return { id, key, name, values: values.map(([tagId, tagName]) => ({ id: tagId, name: tagName })) };
}

/** Three category groups (the last Player killing, as in the dataset) and a custom tag, for the tag modules' tests. */
export const TEST_TAXONOMY: Taxonomy = {
  groups: [
    group(2, 'rp_status', 'Roleplay', [10, 'Roleplay enforced'], [11, 'No roleplay']),
    group(6, 'theme', 'Theme', [20, 'Fantasy'], [23, 'Science fiction']),
    group(9, 'player_killing', 'Player killing', [30, 'Open PK'], [31, 'No PK']),
  ],
  custom: [{ id: 90, name: 'Beginner friendly' }],
};
