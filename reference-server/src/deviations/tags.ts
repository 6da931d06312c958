/**
 * The deliberate faults of GET /tags, applied to what domain/tags.ts built — the correct
 * taxonomy — at the operation boundary (operations.ts). Each breaks one of §2's tag group
 * and TagReference rules or §4's "ids come from GET /tags"; each deviation names its
 * catalogue entry (faults.ts); with none on, the list is returned unchanged.
 */
import type { Dataset, Taxonomy } from '../../../fixtures/src/model.ts';
import type { TagGroup, TagList } from '../domain/tags.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import type { Deviations } from './representation.ts';

/** A tag group as the faults may serve it: its id may be text (fault `tag-group-id-as-text`). */
export type ServedTagGroup = Omit<TagGroup, 'id'> & { id: TagGroup['id'] | string };
/** The body of GET /tags as the faults may serve it. */
export interface ServedTagList {
  data: ServedTagGroup[];
}

/** Blind fault `blind11-tags-rows-limited-50`: the list helper's row cap, the largest page size. */
const TAG_ROWS_CAP = 50;

/** `Roleplay enforced` → `Roleplay Enforced` (fault `tag-names-title-cased`). */
function titleCase(name: string): string {
  return name.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

/** The list of `taxonomy`'s groups as the switched-on faults would answer it. */
export function deviateTags(
  list: TagList,
  taxonomy: Taxonomy,
  { faults }: Pick<Deviations, 'faults'>,
): ServedTagList {
  if (faults.size === 0) return list;
  // Blind fault `blind15-tag-values-named-after-group`: the values mapped with the outer loop's variable, `name: group.name`.
  if (blindFault(faults, 'blind15-tag-values-named-after-group')) {
    return {
      data: list.data.map((group) => ({
        ...group,
        values: group.values.map((tag) => ({ id: tag.id, name: group.name })),
      })),
    };
  }
  // Blind fault `blind14-tags-groups-zipped-by-name-order`: the groups read by name, the values by group id, zipped by position.
  if (blindFault(faults, 'blind14-tags-groups-zipped-by-name-order')) {
    const byName = [...list.data].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return {
      data: byName.map((group, i) => ({ id: group.id, name: group.name, values: list.data[i]!.values })),
    };
  }
  // Blind fault `blind11-tags-rows-limited-50`: the group × value rows read through a list helper capped at 50 rows.
  if (blindFault(faults, 'blind11-tags-rows-limited-50')) {
    let rows = 0;
    const data = list.data
      .map((group) => {
        const values = group.values.slice(0, Math.max(0, TAG_ROWS_CAP - rows));
        rows += values.length;
        return { ...group, values };
      })
      .filter((group) => group.values.length > 0);
    return { data };
  }
  const playerKilling = taxonomy.groups.find((group) => group.key === 'player_killing')?.id;
  // Fault `player-killing-group-missing`: the Player killing group left out.
  const groups = list.data.filter(
    (group) => !(faults.has('player-killing-group-missing') && group.id === playerKilling),
  );
  const firstGroupId = groups[0]?.id;
  // Blind fault `blind7-tags-values-accumulate-across-groups`: one values array, declared outside the loop.
  let accumulated: TagGroup['values'] = [];
  const data = groups.map((group, index): ServedTagGroup => {
    let values = group.values;
    // Fault `tag-names-title-cased`: every tag name title-cased.
    if (faults.has('tag-names-title-cased'))
      values = values.map((tag) => ({ ...tag, name: titleCase(tag.name) }));
    // Fault `tag-missing-from-taxonomy`: each group's last tag dropped (an off-by-one slice).
    if (faults.has('tag-missing-from-taxonomy')) values = values.slice(0, -1);
    // Fault `duplicate-tag-id`: each group's first tag listed twice.
    if (faults.has('duplicate-tag-id')) values = [values[0]!, ...values];
    // Blind fault `blind-tag-ids-positional`: each value numbered by its row in the group.
    if (blindFault(faults, 'blind-tag-ids-positional'))
      values = values.map((tag, i) => ({ ...tag, id: i + 1 }));
    // Blind fault `blind6-tags-last-group-without-values`: the loop filling the values stops one group short.
    if (blindFault(faults, 'blind6-tags-last-group-without-values') && index === groups.length - 1)
      values = [];
    // Blind fault `blind5-tags-value-label-key`: the values passed on with the taxonomy table's `label` column.
    if (blindFault(faults, 'blind5-tags-value-label-key')) {
      values = values.map(({ id, name }) => ({ id, label: name }) as unknown as (typeof values)[number]);
    }
    if (blindFault(faults, 'blind7-tags-values-accumulate-across-groups')) {
      accumulated = [...accumulated, ...values];
      values = accumulated;
    }
    let id: ServedTagGroup['id'] = group.id;
    // Fault `duplicate-tag-group-id`: the last group given the first group's id.
    if (faults.has('duplicate-tag-group-id') && index === groups.length - 1) id = firstGroupId!;
    // Fault `tag-group-id-as-text`: the group id as a string, as a bigint column reads.
    if (faults.has('tag-group-id-as-text')) id = String(id);
    return { id, name: group.name, values };
  });
  // Blind fault `blind8-tags-custom-in-null-group`: groups read with an outer join from the tags, the custom tags in a null group.
  if (blindFault(faults, 'blind8-tags-custom-in-null-group')) {
    const custom = taxonomy.custom.map((tag) => ({ id: tag.id, name: tag.name }));
    data.push({ id: null, name: null, values: custom } as unknown as ServedTagGroup);
  }
  return { data };
}

/** Blind fault `blind18-tags-rare-values-dropped`: the tag cloud's threshold, `HAVING COUNT(*) >= 3`. */
const TAG_CLOUD_MINIMUM = 3;

/**
 * Blind fault `blind18-tags-rare-values-dropped`: the taxonomy served by the tag-cloud query, which keeps
 * a group's value only when at least three active games carry it; the list unchanged otherwise.
 */
export function rareTagValuesDropped(
  list: ServedTagList,
  dataset: Pick<Dataset, 'games'>,
  { faults }: Pick<Deviations, 'faults'>,
): ServedTagList {
  if (!blindFault(faults, 'blind18-tags-rare-values-dropped')) return list;
  const carried = new Map<number, number>();
  for (const game of dataset.games) {
    if (game.archiveReason !== null) continue;
    for (const id of Object.values(game.categories)) {
      if (id !== undefined) carried.set(id, (carried.get(id) ?? 0) + 1);
    }
  }
  return {
    data: list.data.map((group) => ({
      ...group,
      values: group.values.filter((tag) => (carried.get(tag.id) ?? 0) >= TAG_CLOUD_MINIMUM),
    })),
  };
}
