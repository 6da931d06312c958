import { describe, expect, it } from 'vitest';
import { tagList } from '../domain/tags.ts';
import { TEST_TAXONOMY } from '../domain/testing/taxonomy.ts';
import { NO_FAULTS, toFaultSet, type FaultName } from '../faults.ts';
import { deviateTags } from './tags.ts';

/** GET /tags as a server with these faults answers it. */
function served(faults: FaultName[]) {
  return deviateTags(tagList(TEST_TAXONOMY), TEST_TAXONOMY, { faults: toFaultSet(faults) }).data;
}

const ids = (faults: FaultName[]) => served(faults).map((group) => group.id);
const tagIds = (faults: FaultName[]) => served(faults).map((group) => group.values.map((tag) => tag.id));

describe('GET /tags deviations', () => {
  it('give the list unchanged when none is on', () => {
    const list = tagList(TEST_TAXONOMY);
    expect(deviateTags(list, TEST_TAXONOMY, { faults: NO_FAULTS })).toBe(list);
  });

  it('leave out the Player killing group (fault player-killing-group-missing)', () => {
    expect(ids([])).toEqual([2, 6, 9]);
    expect(ids(['player-killing-group-missing'])).toEqual([2, 6]);
  });

  it("give the last group the first group's id (fault duplicate-tag-group-id), after any group left out", () => {
    expect(ids(['duplicate-tag-group-id'])).toEqual([2, 6, 2]);
    expect(ids(['duplicate-tag-group-id', 'player-killing-group-missing'])).toEqual([2, 2]);
  });

  it('write group ids as text (fault tag-group-id-as-text)', () => {
    expect(ids(['tag-group-id-as-text'])).toEqual(['2', '6', '9']);
    expect(ids(['tag-group-id-as-text', 'duplicate-tag-group-id'])).toEqual(['2', '6', '2']);
  });

  it("drop each group's last tag (fault tag-missing-from-taxonomy) or list its first twice (fault duplicate-tag-id)", () => {
    expect(tagIds(['tag-missing-from-taxonomy'])).toEqual([[10], [20], [30]]);
    expect(tagIds(['duplicate-tag-id'])).toEqual([
      [10, 10, 11],
      [20, 20, 23],
      [30, 30, 31],
    ]);
    expect(tagIds(['tag-missing-from-taxonomy', 'duplicate-tag-id'])).toEqual([
      [10, 10],
      [20, 20],
      [30, 30],
    ]);
  });

  it('title-case tag names, not group names (fault tag-names-title-cased)', () => {
    const [roleplay] = served(['tag-names-title-cased']);
    expect(roleplay).toEqual({
      id: 2,
      name: 'Roleplay',
      values: [
        { id: 10, name: 'Roleplay Enforced' },
        { id: 11, name: 'No Roleplay' },
      ],
    });
  });
});
