import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat, failWith } from '../../src/core/expect.ts';
import { idInPath, observedGets } from '../harness/observed-gets.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

/** A collection stamped at its crawl's end may carry a time up to an hour before the answer it came in. */
const COLLECTION_SLACK_MS = 3_600_000;

/**
 * The run's latest answer (by its Date) saying game `id` has no snapshot (discovery's lookup, as a
 * rule); undefined when the run has none (the hint named the game).
 */
function lastSaidNone(ctx: CheckContext, id: number): { at: number; url: string } | undefined {
  let latest: { at: number; url: string } | undefined;
  for (const response of ctx.client.observed().filter(observedGets(ctx, /^\/games\/\d+\/mssp$/))) {
    const meta = (response.body as { meta?: { status?: unknown } } | undefined)?.meta;
    const at = Date.parse(response.headers.date ?? '');
    if (idInPath(response) !== id || meta?.status !== 'mssp_not_available' || Number.isNaN(at)) continue;
    if (latest === undefined || at > latest.at) latest = { at, url: response.url };
  }
  return latest;
}

export const notAvailable = defineCheck({
  id: 'MSSP-NOT-AVAILABLE',
  area: 'mssp',
  source: '§4 GET /games/{gameId}/mssp ("If the game exists but has no snapshot"); §3 MSSP lookup states',
  level: 'must',
  title: 'A game without a snapshot answers 200 with data null and mssp_not_available',
  covers: ['S4.MSSP.NONE', 'S3.MSSP-STATES'],
  async run(ctx) {
    const id = ctx.discovery.gameWithoutMsspId;
    if (id === undefined)
      return ctx.skip('no game without an MSSP snapshot is known (give --game-without-mssp)');
    const { response, body } = await fetchMssp(ctx, id);
    // Snapshots move (D65): a game's first one may have been collected since discovery's lookup
    // (an answer read past the run's cache). A snapshot collected after the run's last answer
    // saying there was none leaves no game known to have none; one collected before it (an
    // hour's slack for a collection stamped at its crawl's end, as MSSP-SNAPSHOT-TIME-ON-GAME
    // allows) existed when the server said none, and an answer without a collection time (data
    // null with `available`, an empty snapshot) is judged.
    const collectedAt = Date.parse(body.data?.collected_at ?? '');
    if (body.meta.status === 'available' && !Number.isNaN(collectedAt)) {
      const saidNone = lastSaidNone(ctx, id);
      if (saidNone === undefined || collectedAt > saidNone.at - COLLECTION_SLACK_MS)
        return ctx.skip(
          `game ${id} answers a snapshot collected at ${body.data!.collected_at}: it has one now (collected since the run's lookup, or the hint names a game with one)`,
        );
      return failWith(
        response,
        `Game ${id} answers a snapshot collected at ${body.data!.collected_at}, before the answer that said it had none`,
        `no snapshot collected before ${new Date(saidNone.at).toISOString()} (Date of ${saidNone.url}, mssp_not_available)`,
        `collected_at ${body.data!.collected_at}, meta.status available`,
      );
    }
    expectThat(
      response,
      body.data === null && body.meta.status === 'mssp_not_available',
      `Game ${id} has no snapshot but is not reported so`,
      'data null, meta.status mssp_not_available',
      `data ${body.data === null ? 'null' : 'a snapshot'}, meta.status ${body.meta.status}`,
    );
  },
});
