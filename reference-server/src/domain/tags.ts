/**
 * GET /tags (§4): the filterable taxonomy, every category group with its values, in the
 * dataset's order (§2 TagGroup, TagReference). Custom tags are not filterable and are not
 * listed. The deliberate faults of this list are applied to what is built here, at the
 * operation boundary (deviations/tags.ts).
 */
import type { Taxonomy } from '../../../fixtures/src/model.ts';
import type { components, operations } from '../../../spec/generated/openapi.d.ts';

export type TagGroup = components['schemas']['TagGroup'];
export type TagList = operations['listTags']['responses'][200]['content']['application/json'];

/** The body of GET /tags: each group's id and name, and its tags' ids and names. */
export function tagList(taxonomy: Taxonomy): TagList {
  return {
    data: taxonomy.groups.map((group) => ({
      id: group.id,
      name: group.name,
      values: group.values.map((tag) => ({ id: tag.id, name: tag.name })),
    })),
  };
}
