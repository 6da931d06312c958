import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { FILTER_MEMBERSHIP_RULES } from '../../src/rules.ts';
import { expectedMatches, type DirectoryModel } from './support/directory-model.ts';
import {
  tagFilterParams,
  membershipFilterOfUrl,
  toQueryPairs,
  type GamesFilter,
} from './support/games-filter.ts';
import { judgeAgainstModel } from './support/model-verdict.ts';
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

/** The key of a filter, to judge each once. */
const keyOf = (filter: GamesFilter): string => JSON.stringify(toQueryPairs(filter));

/**
 * §4 rule 2 and §2 PaginationMeta ("total: count of matching items"): when discovery walked the
 * whole collection, every filter a summary decides (the flags, the connection type, tags) counts
 * exactly the games of that walk it matches — a filter that drops or adds games in its total and
 * its pages alike (which no page of its own can show) fails here. Judged on every page of GET
 * /games the run has that carries such filters and no `q`, at no request; a disagreement is
 * judged again on fresh data (D63: the filter's result walked afresh, the games on which walk
 * and server disagree looked up now, the time windows with the suite's slack, D48), so data that
 * moved during the run never fails it. With no such page in the run yet, the games with reviews.
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
    const suspects = new Map<string, GamesFilter>();
    const judged = new Set<string>();
    const judge = (url: string, total: unknown): boolean => {
      const params = [...new URL(url).searchParams.keys()];
      if (!params.every((name) => JUDGED_PARAMS.test(name))) return false;
      const filter = membershipFilterOfUrl(url, tagParams);
      if (filter === undefined || typeof total !== 'number') return false;
      const key = keyOf(filter);
      judged.add(key);
      const expectation = expectedMatches(model, filter, ctx.discovery.serverNow());
      if (total < expectation.sure.size || total > expectation.possible.size) suspects.set(key, filter);
      return true;
    };
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) =>
      judge(response.url, (response.body as { meta?: { total?: unknown } } | undefined)?.meta?.total),
    );
    if (judged.size === 0) {
      const { response, body } = await fetchGamesPage(ctx, toQueryPairs({ hasReviews: true, perPage: 1 }));
      judge(response.url, body.meta.total);
    }
    await confirm(ctx, model, [...suspects.values()]);
    ctx.log(`${judged.size} filters' totals judged against discovery's walk of ${games.length} games`);
  },
});

/** The suspects judged again on fresh data; the first whose disagreement survives fails the check. */
async function confirm(ctx: CheckContext, model: DirectoryModel, suspects: GamesFilter[]): Promise<void> {
  for (const filter of suspects.slice(0, MAX_SUSPECTS)) await judgeAgainstModel(ctx, model, filter);
}
