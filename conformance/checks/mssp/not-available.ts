import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

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
    // (an answer read past the run's cache). A snapshot with its collection time leaves no game
    // known to have none; an answer without one (data null with `available`, an empty snapshot)
    // is judged.
    const collectedAt = body.data?.collected_at;
    if (
      body.meta.status === 'available' &&
      typeof collectedAt === 'string' &&
      !Number.isNaN(Date.parse(collectedAt))
    )
      return ctx.skip(
        `game ${id} answers a snapshot collected at ${collectedAt}: it has one now (collected since discovery's lookup, or the hint names a game with one)`,
      );
    expectThat(
      response,
      body.data === null && body.meta.status === 'mssp_not_available',
      `Game ${id} has no snapshot but is not reported so`,
      'data null, meta.status mssp_not_available',
      `data ${body.data === null ? 'null' : 'a snapshot'}, meta.status ${body.meta.status}`,
    );
  },
});
