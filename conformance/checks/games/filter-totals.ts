import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { FILTER_MEMBERSHIP_RULES } from '../../src/rules.ts';
import { expectedMatches, type DirectoryModel } from './support/directory-model.ts';
import {
  SORT_NAMES,
  tagFilterParams,
  membershipFilterOfUrl,
  toQueryPairs,
  withoutForbiddenCombination,
  type GamesFilter,
} from './support/games-filter.ts';
import { judgeAgainstModel } from './support/model-verdict.ts';
import { WALK_PER_PAGE, walkPages } from './support/walk-pages.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { observedGets } from '../harness/observed-gets.ts';

/** Filters whose disagreement is judged again on fresh data in one pass (each costs a walk). */
const MAX_SUSPECTS = 3;

/** The parameters a page may carry to be judged: the filters a summary decides, sort and paging. */
const JUDGED_PARAMS =
  /^(has_reviews|recently_updated|online_recently|connection_type|sort|page|per_page|[a-z_]+_tag_id(\[\])?)$/;

/** The directory as discovery's complete walk showed it: a model of summaries alone, no request sent. */
function walkModel(discovery: Discovery): DirectoryModel {
  return {
    games: new Map(discovery.games.map((summary) => [summary.id, { summary }])),
    withDescriptions: false,
    requests: 0,
  };
}

/**
 * The directory walked again afresh, for judging suspects (D63): by the end of a long run the
 * discovery walk is minutes old, and more of its games may have moved (an edit, a vote) than a
 * verdict looks up one by one. Discovery's walk when the fresh one does not complete (the
 * directory grew past it), the disagreeing games then looked up as before.
 */
async function freshWalkModel(ctx: CheckContext, stale: DirectoryModel): Promise<DirectoryModel> {
  const pages = Math.ceil(ctx.discovery.totalActiveGames / WALK_PER_PAGE) + 1;
  const walk = await walkPages(ctx, [['sort', 'oldest']], pages, WALK_PER_PAGE, { fresh: true });
  if (!walk.complete) return stale;
  return {
    games: new Map(walk.games.map((summary) => [summary.id, { summary }])),
    withDescriptions: false,
    requests: walk.pages,
  };
}

/**
 * The filter a page asked, its sort kept (a sort orders the matching games, never changes which:
 * a total that is wrong only under one sort is judged again under that sort). Undefined when the
 * page asked none of the filters a summary decides.
 */
function pageFilter(url: string, tagParams: ReadonlySet<string>): GamesFilter | undefined {
  const filter = membershipFilterOfUrl(url, tagParams);
  if (filter === undefined) return undefined;
  const sorts = new URL(url).searchParams.getAll('sort');
  const sort = sorts.length === 1 ? SORT_NAMES.find((name) => name === sorts[0]) : undefined;
  return sort === undefined ? filter : { ...filter, sort };
}

/**
 * §4 rule 2 and §2 PaginationMeta ("total: count of matching items"): when discovery walked the
 * whole collection, every filter a summary decides (the flags, the connection type, tags) counts
 * exactly the games of that walk it matches — a filter that drops or adds games in its total and
 * its pages alike (which no page of its own can show) fails here. Judged on every page of GET
 * /games the run has that carries such filters and no `q`, at no request; a disagreement is
 * judged again on fresh data (D63: the directory and the filter's result walked afresh, the games
 * on which they disagree looked up now, the time windows with the suite's slack, D48), so data
 * that moved during the run never fails it. Then filters of its own (first the games with reviews),
 * one page each; the deepening judges the pages the run received since, and their suspects.
 */
export const filterTotals = defineCheck({
  id: 'GAMES-FILTER-TOTALS',
  area: 'games',
  source:
    '§4 GET /games rule 2 (filters combine with AND); §2 PaginationMeta (total: count of matching items)',
  level: 'must',
  title: "A filter's total is the number of the directory's games it matches",
  // Every membership rule but `q`'s: a summary does not hold the text a search reads.
  covers: [...FILTER_MEMBERSHIP_RULES.filter((rule) => rule !== 'S4.GAMES.Q'), 'S2.PAGEMETA'],
  comparesAnswers: true,
  decisions: ['D48', 'D63'],
  async run(ctx) {
    const { games, totalActiveGames } = ctx.discovery;
    if (games.length === 0 || games.length < totalActiveGames) {
      return ctx.skip(
        `discovery read ${games.length} of ${totalActiveGames} listed games: only a complete listing counts a filter's games`,
      );
    }
    const model = walkModel(ctx.discovery);
    const tagParams = tagFilterParams(ctx.spec);
    const groupIds = new Map(
      ctx.discovery.tagFilters.map((filter) => [
        filter.param,
        new Set(filter.group.values.map((value) => value.id)),
      ]),
    );
    const suspects = new Map<string, GamesFilter>();
    /** Each filter's count in the walk, computed once a pass (the traffic repeats filters). */
    const judged = new Map<string, { sure: number; possible: number }>();
    const judge = (url: string, total: unknown): boolean => {
      const params = [...new URL(url).searchParams.keys()];
      if (!params.every((name) => JUDGED_PARAMS.test(name))) return false;
      const filter = pageFilter(url, tagParams);
      if (filter === undefined || typeof total !== 'number') return false;
      // A summary decides a tag filter only for ids of the parameter's own group: the category
      // keys are open (D2), so another group's id is told by the parameter alone (D20's check).
      if (
        !(filter.tags ?? []).every(({ param, ids }) =>
          ids.every((id) => groupIds.get(param)?.has(id) === true),
        )
      )
        return false;
      const key = JSON.stringify(toQueryPairs(filter));
      let counts = judged.get(key);
      if (counts === undefined) {
        const expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
        counts = { sure: expectation.sure.size, possible: expectation.possible.size };
        judged.set(key, counts);
      }
      if (total < counts.sure || total > counts.possible) suspects.set(key, filter);
      return true;
    };
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) =>
      judge(response.url, (response.body as { meta?: { total?: unknown } } | undefined)?.meta?.total),
    );
    // Then filters of its own, one page each (a page of one game: its total is what is judged).
    // In the minimal pass only when the run had no such page yet, first the games with reviews; in
    // the deepening, beside the pages the run received since, whose suspects it judges again.
    await ctx.property(
      [filterQuery(ctx.discovery, { paging: false, search: false })],
      async (generated) => {
        const filter = withoutForbiddenCombination({ ...generated, perPage: 1 });
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        judge(response.url, body.meta.total);
      },
      { examples: [[{ hasReviews: true }]] },
    );
    // The suspects judged again on fresh data (the directory walked anew, then each suspect's
    // result); the first whose disagreement survives fails.
    if (suspects.size > 0) {
      const fresh = await freshWalkModel(ctx, model);
      for (const filter of [...suspects.values()].slice(0, MAX_SUSPECTS))
        await judgeAgainstModel(ctx, fresh, filter);
    }
    ctx.log(`${judged.size} filters' totals judged against discovery's walk of ${games.length} games`);
  },
});
