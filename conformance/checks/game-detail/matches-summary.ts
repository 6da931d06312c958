import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { summaryNow } from '../harness/summary-now.ts';
import { expectThat } from '../../src/core/expect.ts';

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
    const games = ctx.discovery.games;
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    await ctx.property([fc.constantFrom(...games)], async (walked: GameSummary) => {
      // Judged again (D65): the list's summary taken now, not discovery's, then the detail.
      const summary = ctx.rechecking ? ((await summaryNow(ctx, walked)) ?? walked) : walked;
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
    });
  },
});
