import { defineCheck } from '../../src/core/check.ts';
import { malformedGameId } from './arbitraries/malformed-game-id.ts';
import { errorCodeOf, expectErrorEnvelope, expectStatus } from '../../src/core/expect.ts';

/** A `%` not followed by two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

export const malformedId = defineCheck({
  id: 'GAME-DETAIL-MALFORMED-ID',
  area: 'game-detail',
  source: '§4 GET /games/{gameId} (gameId integer ≥ 1; errors list no 422)',
  level: 'must',
  title: 'A path id that is not a positive integer answers 404',
  covers: ['S4.GAME.404'],
  decisions: ['D17'],
  async run(ctx) {
    // First, the traps of a lenient parser over an id that exists: `12.5` (parseInt, or a
    // number truncated to an integer) and `12abc` (parseInt) would find game 12; then `12%zz`, a
    // broken escape a router's decoding refuses before the API's code runs (a framework's 400
    // page is not the API's 404); then `1_2`, a digit separator of a programming language's
    // literals (Python's `int()` reads it as 12), and ` 12`, padded with a space (`int()`,
    // JavaScript's `Number()` and other parsers that trim read it as 12).
    const known = ctx.discovery.games[0]?.id;
    const digits = String(known ?? 1);
    const separated = digits.length > 1 ? `${digits.slice(0, 1)}_${digits.slice(1)}` : `${digits}_0`;
    await ctx.property(
      [malformedGameId()],
      async (segment) => {
        // A broken percent-escape is sent as written (a client that does not escape its input):
        // the decoding fails before any route's code runs.
        const path = `/games/${BROKEN_ESCAPE.test(segment) ? segment : encodeURIComponent(segment)}`;
        const response = await ctx.client.get(path);
        // An encoded slash: Apache's default (AllowEncodedSlashes Off) answers 404 itself, without
        // the API's envelope — the status says "no such thing" all the same.
        if (segment.includes('/') && errorCodeOf(response) === undefined) return expectStatus(response, 404);
        // D17 tolerant: either 404 code says "no such thing".
        expectErrorEnvelope(response, 404, ['game_not_found', 'route_not_found']);
      },
      {
        examples: [
          ...(known === undefined ? [] : [[`${known}.5`], [`${known}abc`]]),
          [`${known ?? 1}%zz`],
          [separated],
          [` ${digits}`],
          // A sub-resource after an encoded slash (`12%2Fplayers`): a router decoding it serves it.
          [`${digits}/players`],
        ] as [string][],
      },
    );
  },
});
