import { defineCheck } from '../../src/core/check.ts';
import { normalizeName, TAG_FILTER_PARAMS } from '../../src/core/discovery.ts';

/** The nine categories as the filter parameters name them (`codebase` of `codebase_tag_id`). */
const CATEGORIES = new Set(TAG_FILTER_PARAMS.map((param) => param.replace(/_tag_id$/, '')));

/** The category a name spells as the filters do (`Player killing` → `player_killing`), if any. */
function categoryNamed(name: string): string | undefined {
  const spelled = normalizeName(name);
  return CATEGORIES.has(spelled) ? spelled : undefined;
}

/**
 * §1.2: GET /tags lists "the tag taxonomy (groups and values) whose IDs feed the game filters",
 * and the filters are one per category (`codebase_tag_id[]` takes "codebase tag IDs"). Which key
 * a game's category has (D2) and what a group is called (D3) are open, so this judges only a
 * group whose name is spelled as one category's filter (`Codebase`, `Game size`) and whose
 * values games carry under a key spelled as another's (`game_size`): that group names one
 * category and lists another's tags — a taxonomy assembled wrongly (names and values paired
 * across groups), whose ids a client would send under the wrong filter. A server with other
 * names or keys is not judged. No request: GET /tags and the games discovery read.
 */
export const groupNameMatchesCategory = defineCheck({
  id: 'TAGS-GROUP-NAME-MATCHES-CATEGORY',
  area: 'tags',
  source:
    '§1.2 ("the tag taxonomy (groups and values) whose IDs feed the game filters"); §4 GET /games tag parameters; §2 Tag group',
  level: 'must',
  title: "A group named as one category does not list another category's tags",
  covers: ['S4.TAGS', 'S2.GS.TAGS'],
  decisions: ['D2', 'D3'],
  async run(ctx) {
    const { tagGroups, games } = ctx.discovery;
    if (games.length === 0) return ctx.skip('discovery found no active games');
    // The category keys each tag id appears under in the games' summaries.
    const keysOf = new Map<number, Set<string>>();
    for (const game of games) {
      for (const [key, tag] of Object.entries(game.tags?.categories ?? {})) {
        if (typeof tag?.id !== 'number') continue;
        const keys = keysOf.get(tag.id) ?? new Set<string>();
        keys.add(key);
        keysOf.set(tag.id, keys);
      }
    }
    let judged = 0;
    for (const group of tagGroups) {
      // A malformed group is TAGS-SCHEMA's finding, not this one's.
      if (typeof group?.name !== 'string' || !Array.isArray(group.values)) continue;
      // The user may say which filter a group feeds (profile tagGroupParams): then it is theirs.
      if (ctx.profile.tagGroupParams[group.name] !== undefined) continue;
      const named = categoryNamed(group.name);
      if (named === undefined) continue;
      const keys = new Set(group.values.flatMap((value) => [...(keysOf.get(value?.id) ?? [])]));
      const carried = [...keys].map((key) => ctx.profile.categoryKeys[key]?.replace(/_tag_id$/, '') ?? key);
      // Only a group whose tags games carry under one key, spelled as one category's filter.
      if (carried.length !== 1 || !CATEGORIES.has(carried[0]!)) continue;
      judged += 1;
      if (carried[0] !== named) {
        const sample = group.values
          .slice(0, 3)
          .map((value) => `${value?.id} "${value?.name}"`)
          .join(', ');
        ctx.fail({
          message: `Tag group ${group.id} "${group.name}" lists tags games carry as their ${carried[0]} category`,
          expected: `the group named "${group.name}" lists the ${named} tags (what ${named}_tag_id[] takes)`,
          received: `its values (${sample}…) appear in games' tags.categories under "${[...keys][0]}"`,
        });
      }
    }
    if (judged === 0) ctx.skip('no group is named as a category whose tags games carry under a category key');
  },
});
