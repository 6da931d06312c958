/**
 * A filter at least as strict as `base`: `base` plus the constraints of `extra` that
 * do not loosen or conflict with it (more search terms, a connection type where base
 * has none, more flags, tag categories base does not filter on). Never adds ids to a
 * category of `base` (that would widen it, §4 rule 2).
 */
import type { GamesFilter } from './games-filter.ts';

export function narrowerFilter(base: GamesFilter, extra: GamesFilter): GamesFilter {
  const result: GamesFilter = { ...base };
  const q = [base.q, extra.q].filter((part) => part !== undefined && part.trim() !== '').join(' ');
  if (q !== '') result.q = q;
  const baseNeedsConnectionTests = base.onlineRecently === true || base.sort === 'recently_online';
  if (
    (base.connectionType === undefined || base.connectionType === 'all') &&
    extra.connectionType !== undefined
  ) {
    if (!(extra.connectionType === 'web_only' && baseNeedsConnectionTests))
      result.connectionType = extra.connectionType;
  }
  if (extra.hasReviews === true) result.hasReviews = true;
  if (extra.recentlyUpdated === true) result.recentlyUpdated = true;
  if (extra.onlineRecently === true && result.connectionType !== 'web_only') result.onlineRecently = true;
  const baseParams = new Set((base.tags ?? []).map((tag) => tag.param));
  const added = (extra.tags ?? []).filter((tag) => !baseParams.has(tag.param));
  if (added.length > 0) result.tags = [...(base.tags ?? []), ...added];
  return result;
}
