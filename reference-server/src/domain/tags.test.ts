import { describe, expect, it } from 'vitest';
import { tagList } from './tags.ts';
import { TEST_TAXONOMY } from './testing/taxonomy.ts';

describe('GET /tags', () => {
  it('lists every category group in the dataset order, with its tags, and no custom tag', () => {
    const { data } = tagList(TEST_TAXONOMY);
    expect(data.map((group) => `${group.id} ${group.name}`)).toEqual([
      '2 Roleplay',
      '6 Theme',
      '9 Player killing',
    ]);
    expect(data.flatMap((group) => group.values.map((tag) => `${tag.id} ${tag.name}`))).toEqual([
      '10 Roleplay enforced',
      '11 No roleplay',
      '20 Fantasy',
      '23 Science fiction',
      '30 Open PK',
      '31 No PK',
    ]);
  });

  it('writes only the keys of §2 TagGroup and TagReference (no group key)', () => {
    const [group] = tagList(TEST_TAXONOMY).data;
    expect(Object.keys(group!)).toEqual(['id', 'name', 'values']);
    expect(Object.keys(group!.values[0]!)).toEqual(['id', 'name']);
  });
});
