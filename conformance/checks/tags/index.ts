/** Checks of the `tags` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { categoryTagsListed } from './category-tags-listed.ts';
import { everyFilterHasGroup } from './every-filter-has-group.ts';
import { filterSelectsTagged } from './filter-selects-tagged.ts';
import { groupIdsUnique } from './group-ids-unique.ts';
import { groupNameMatchesCategory } from './group-name-matches-category.ts';
import { tagsSchema } from './schema.ts';
import { tagIdsUnique } from './tag-ids-unique.ts';
import { tagNamesConsistent } from './tag-names-consistent.ts';

export const checks: CheckDefinition[] = [
  tagsSchema,
  groupIdsUnique,
  tagIdsUnique,
  categoryTagsListed,
  tagNamesConsistent,
  groupNameMatchesCategory,
  filterSelectsTagged,
  everyFilterHasGroup,
];
