import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { detailNow } from '../harness/detail-now.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { summaryNow } from '../harness/summary-now.ts';
import { expectThat } from '../../src/core/expect.ts';
import { observedGets, idInPath } from '../harness/observed-gets.ts';

/** Status fields a crawl may move between the list request and the detail request. */
const CRAWL_FIELDS = [
  'last_crawled',
  'last_successful_connect',
  'latest_players',
  'confirmed_online',
  'mssp_collected_at',
];

/** Leaves of a JSON value as `path → JSON text`. */
function leaves(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

export const matchesSummary = defineCheck({
  id: 'GAME-DETAIL-MATCHES-SUMMARY',
  area: 'game-detail',
  source: '§2 game detail ("all summary fields")',
  level: 'must',
  title: "A game's detail repeats its summary from the list",
  covers: ['S2.GD.FORMS', 'S4.GAME.OK'],
  comparesAnswers: true,
  async run(ctx) {
    // Summaries of every kind of list answer: discovery's pages, and the run's pages with a
    // search, filter or sort — a figure computed among the matches of the request (a rank
    // numbered within the results) differs only there.
    const asked = askedSummaries(ctx);
    const games = [...ctx.discovery.games, ...asked.summaries];
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    await ctx.property(
      [fc.constantFrom(...games)],
      async (walked: GameSummary) => {
        // Judged again (D65): the list's summary taken now, not discovery's, then the detail. A game
        // the list no longer shows that is archived or gone now has no summary to repeat (§3).
        let summary = walked;
        if (ctx.rechecking) {
          const now = await summaryNow(ctx, walked);
          if (now === undefined && !(await detailNow(ctx, walked.id)).active) return;
          summary = now ?? walked;
        }
        const { response, game } = await fetchGame(ctx, summary.id);
        const detail = leaves(game, '', new Map());
        const crawled = game.status.last_crawled !== summary.status.last_crawled;
        for (const [path, expected] of leaves(summary, '', new Map())) {
          // Detail forms add keys (urls.mssp …); summary keys must all be there with the same value.
          const [head, field] = path.split('.');
          if (crawled && head === 'status' && field !== undefined && CRAWL_FIELDS.includes(field)) continue;
          const received = detail.get(path);
          expectThat(
            response,
            received === expected,
            `The detail's ${path} differs from the list's`,
            `${path} = ${expected} (as in GET /games)`,
            `${path} = ${received ?? 'absent'}`,
          );
        }
        if (crawled) {
          const later =
            Date.parse(game.status.last_crawled ?? '') >= Date.parse(summary.status.last_crawled ?? '');
          expectThat(
            response,
            later || summary.status.last_crawled === null,
            'status.last_crawled went back in time between list and detail',
            `≥ ${summary.status.last_crawled}`,
            `${game.status.last_crawled}`,
          );
        }
      },
      // First a summary of a page with parameters whose game's detail the run has (no request),
      // then the most reviewed game: a figure of the detail computed over one page of its reviews
      // (the newest 20, say) differs only for a game with more; then the game with the longest
      // lists (custom tags): a list's preview cut short differs only for a game with more.
      {
        examples: [asked.first, highestId(games), mostReviewed(games), longestLists(ctx, games)]
          .filter((g) => g !== undefined)
          .map((g) => [g]),
      },
    );
  },
});

/**
 * The summary of the highest id listed: the end of an id range, where a table sized by the largest
 * id (one slot short) or a range read with its end excluded misses one game, the last.
 */
function highestId(games: readonly GameSummary[]): GameSummary | undefined {
  let highest: GameSummary | undefined;
  for (const game of games) if (highest === undefined || game.id > highest.id) highest = game;
  return highest;
}

/** The summary with the most reviews (the first such), when any game has more than one. */
function mostReviewed(games: readonly GameSummary[]): GameSummary | undefined {
  let most: GameSummary | undefined;
  for (const game of games) {
    const count = game.reviews?.count;
    if (typeof count === 'number' && count > 1 && count > (most?.reviews.count ?? 0)) most = game;
  }
  return most;
}

/**
 * Items in the arrays of a JSON value, nested ones included, at the keys `shape` has (a summary's,
 * so that a detail is counted on the summary's lists only: its own lists, which the summary does
 * not repeat, would say nothing about them).
 */
function listItems(value: unknown, shape: unknown = value): number {
  if (Array.isArray(value))
    return value.length + value.reduce((sum: number, item) => sum + listItems(item), 0);
  if (value === null || typeof value !== 'object' || shape === null || typeof shape !== 'object') return 0;
  const within = shape as Record<string, unknown>;
  return Object.keys(within).reduce(
    (sum: number, key) => sum + listItems((value as Record<string, unknown>)[key], within[key]),
    0,
  );
}

/**
 * The summary of the game whose lists are longest: by the details the run has, counted on the
 * summary's lists (a list's preview cut short in the summaries cuts every game alike there), else
 * by the summaries themselves.
 */
function longestLists(
  ctx: Parameters<typeof matchesSummary.run>[0],
  games: readonly GameSummary[],
): GameSummary | undefined {
  const byId = new Map(games.map((game) => [game.id, game]));
  let longest: GameSummary | undefined;
  let most = 1;
  for (const response of ctx.client.observed().filter(observedGets(ctx, /^\/games\/\d+$/))) {
    const summary = byId.get(idInPath(response));
    const count = listItems((response.body as { data?: unknown } | undefined)?.data, summary);
    if (summary !== undefined && count > most) [longest, most] = [summary, count];
  }
  if (longest !== undefined) return longest;
  for (const game of games) {
    const count = listItems(game);
    if (count > most) [longest, most] = [game, count];
  }
  return longest;
}

/** Leaves of a summary that hold a value (not null): what a figure computed wrongly can show in. */
function filledLeaves(summary: GameSummary): number {
  return [...leaves(summary, '', new Map()).values()].filter((value) => value !== 'null').length;
}

/**
 * The summaries of the run's 200 answers to GET /games with a parameter besides the paging
 * ones, and the first case: the one with the most values filled in (a null rank or average
 * hides a figure computed among the request's matches), from the page with the most search and
 * filter parameters among equals, then one whose detail the run has.
 */
function askedSummaries(ctx: Parameters<typeof matchesSummary.run>[0]): {
  summaries: GameSummary[];
  first?: GameSummary;
} {
  const observed = ctx.client.observed();
  const details = new Set(observed.filter(observedGets(ctx, /^\/games\/\d+$/)).map(idInPath));
  const summaries: GameSummary[] = [];
  let first: GameSummary | undefined;
  let best = [-1, -1, -1];
  /** Whether `score` beats `best`, its first differing figure deciding. */
  const beats = (score: number[]) => {
    const at = score.findIndex((value, i) => value !== best[i]);
    return at >= 0 && (score[at] as number) > (best[at] as number);
  };
  for (const response of observed.filter(observedGets(ctx, /^\/games$/))) {
    const params = new Set(new URL(response.url).searchParams.keys());
    params.delete('page');
    params.delete('per_page');
    if (params.size === 0) continue;
    const data = (response.body as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data)) continue;
    const listed = data.filter(
      (item): item is GameSummary =>
        item !== null &&
        typeof item === 'object' &&
        Number.isInteger((item as GameSummary).id) &&
        typeof (item as GameSummary).name === 'string' &&
        typeof (item as GameSummary).status === 'object' &&
        (item as GameSummary).status !== null,
    );
    summaries.push(...listed);
    // Search and filter parameters first, a sort after them.
    const pageScore = 2 * (params.size - (params.has('sort') ? 1 : 0)) + (params.has('sort') ? 1 : 0);
    for (const summary of listed) {
      const score = [filledLeaves(summary), pageScore, details.has(summary.id) ? 1 : 0];
      if (beats(score)) {
        best = score;
        first = summary;
      }
    }
  }
  return first === undefined ? { summaries } : { summaries, first };
}
