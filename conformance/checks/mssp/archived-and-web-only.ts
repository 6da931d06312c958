import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

/** Web-only games the first web-only case asks at most, until one answers a snapshot. */
const WEB_ONLY_TRIED = 8;

/**
 * §4: the MSSP lookup is "available for archived and web-only games" — the newest stored
 * snapshot, as for any game. What §2 rules 1 and 2 clear or suppress is in the game's
 * representation, not its snapshot: a snapshot served for such a game holds the time it was
 * collected (a stored snapshot is "newest" by that time; §1 rule 4, null only when no value
 * exists), as every snapshot does. A suppression copied from the summary to the lookup (the
 * web-only game's `status.mssp_collected_at` is null, so its snapshot's `collected_at` is written
 * null) fails.
 */
export const archivedAndWebOnly = defineCheck({
  id: 'MSSP-ARCHIVED-AND-WEB-ONLY',
  area: 'mssp',
  source: '§4 GET /games/{gameId}/mssp ("Available for archived and web-only games")',
  level: 'must',
  title: 'Archived and web-only games have an MSSP lookup, whose snapshot holds its collection time',
  covers: ['S4.MSSP.ARCHIVED-WEBONLY'],
  async run(ctx) {
    const ids = [...ctx.discovery.webOnlyGameIds];
    if (ctx.discovery.archivedGameId !== undefined) ids.push(ctx.discovery.archivedGameId);
    if (ids.length === 0) ctx.skip('no archived or web-only game is known');
    // The archived game and web-only ones first: both kinds are looked up in every run. A
    // web-only game's summary does not tell whether it has a snapshot (§2 rule 2 may suppress
    // its MSSP time), so the web-only case asks a few in turn, past the first from spare budget
    // only, until one answers a snapshot.
    const examples = [
      ...(ctx.discovery.archivedGameId === undefined ? [] : [[[ctx.discovery.archivedGameId]]]),
      ...(ctx.discovery.webOnlyGameIds.length === 0
        ? []
        : [[ctx.discovery.webOnlyGameIds.slice(0, WEB_ONLY_TRIED)]]),
    ] as Array<[number[]]>;
    await ctx.property(
      [fc.constantFrom(...ids).map((id) => [id])],
      async (tried) => {
        for (const [index, id] of tried.entries()) {
          if (index > 0 && ctx.spareBudget() < 1) return;
          const { response, body } = await fetchMssp(ctx, id);
          if (body.data === null) continue;
          expectThat(
            response,
            body.data.collected_at !== null,
            `Game ${id}: its stored snapshot has collected_at null`,
            'the time the snapshot was collected (it is served as the newest stored snapshot)',
            `collected_at null beside values ${body.data.values === null ? 'null' : 'an object'}`,
          );
          return;
        }
      },
      { examples },
    );
  },
});
