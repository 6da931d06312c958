/**
 * The same client as consumer.ts, written against a second generator: the fetch SDK that
 * @hey-api/openapi-ts generates from spec/openapi.yaml (one function per operationId, the
 * `client/` and `core/` runtime emitted beside it, so no runtime package). generated-client.test.ts
 * generates the SDK into `./hey-api/` of a temporary project, compiles this file with
 * `tsc --strict` and runs it against the reference server. Every call goes through the SDK; the
 * detail's required fields are read without `!` or `?.`, so a generator that made one optional
 * would stop it compiling.
 *
 * The SDK is not committed, so in the repository's own typecheck the import below resolves to
 * nothing (hence the ts-ignore, a no-op in the generated project where it resolves).
 */
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore -- ./hey-api/ exists only in generated-client.test.ts's temporary project.
import * as sdk from './hey-api/index.ts';

/** One call's outcome, by a label naming the operation (and the variant, for a second call). */
export type Outcome = Record<string, number>;

/**
 * Calls every operation against `origin` (the server's root; the API under `/api/v1`, the
 * retired `/json.php` at the root) and returns each call's status: the same labels as consumer.ts.
 */
export async function callEveryOperation(origin: string, apiKey: string): Promise<Outcome> {
  // Per call rather than client.setConfig: the SDK's index exports the operations, not the client.
  const options = { baseUrl: `${origin}/api/v1`, auth: apiKey };
  const outcome: Outcome = {};
  /**
   * Records the call's status under `label`. The SDK types `response` as optional (it is absent
   * when fetch itself failed, which `throwOnError: false` also hands back rather than throws).
   */
  const record = (label: string, result: { response?: Response }): number => {
    if (result.response === undefined) throw new Error(`${label}: no response`);
    outcome[label] = result.response.status;
    return result.response.status;
  };
  /**
   * Records the status and answers the body of a 200 (the SDK's `data`, as its types describe
   * it), throwing on anything else. Typed by the whole result so that, where the SDK is absent
   * (the repository's typecheck), everything is `any` rather than `unknown`.
   */
  const ok = <R extends { data?: unknown; response?: Response }>(label: string, result: R) => {
    const status = record(label, result);
    if (status !== 200 || result.data === undefined) throw new Error(`${label}: expected 200, got ${status}`);
    return result.data as NonNullable<R['data']>;
  };

  const games = ok(
    'listGames',
    await sdk.listGames({ ...options, query: { per_page: 5, sort: 'top_voted' } }),
  );
  const gameId = games.data[0]?.id ?? 1;

  const game = ok('getGame', await sdk.getGame({ ...options, path: { gameId } }));
  // Required by the description (§4 game detail): no `!`, no `?.` — optional types fail here.
  const detailLinks: string[] = [game.data.urls.mssp, game.data.urls.players, game.data.urls.reviews];
  const msspPort: number | null = game.data.connection.mssp_port;
  const description: string = game.data.description;
  if (detailLinks.some((link) => link.length === 0) || description === undefined || msspPort === undefined) {
    throw new Error('getGame: a required field is missing');
  }

  const mssp = ok('getGameMssp', await sdk.getGameMssp({ ...options, path: { gameId } }));
  if (mssp.meta.game_id !== gameId) throw new Error('getGameMssp: meta.game_id');
  const players = ok(
    'getGamePlayers',
    await sdk.getGamePlayers({ ...options, path: { gameId }, query: { granularity: 'daily' } }),
  );
  if (players.meta.granularity !== 'daily') throw new Error('getGamePlayers: meta.granularity');
  ok(
    'getGameStatistics',
    await sdk.getGameStatistics({
      ...options,
      path: { gameId },
      query: { metric: 'players', resolution: 'daily' },
    }),
  );
  ok(
    'getGameActivityPattern',
    await sdk.getGameActivityPattern({ ...options, path: { gameId }, query: { timezone: 'UTC' } }),
  );
  const unknown = await sdk.getGame({ ...options, path: { gameId: 2_000_000_000 } });
  record('getGame unknown id', unknown);
  // The 404's body is typed from the spec's error responses.
  if (unknown.error?.error.code !== 'game_not_found') throw new Error('getGame: error.code');

  const reviews = ok('listReviews', await sdk.listReviews({ ...options, query: { per_page: 3 } }));
  // Out-of-range paging is clamped on /reviews (D19), and the parameter schemas allow sending it.
  const clamped = ok(
    'listReviews clamped',
    await sdk.listReviews({ ...options, query: { page: 0, per_page: 51 } }),
  );
  if (clamped.meta.page !== 1 || clamped.meta.per_page !== 50)
    throw new Error('listReviews: paging not clamped');
  const reviewId = reviews.data[0]?.id ?? 1;
  const review = ok('getReview', await sdk.getReview({ ...options, path: { reviewId } }));
  const body: string = review.data.body;
  if (body === undefined) throw new Error('getReview: body missing');

  ok('listTags', await sdk.listTags(options));

  // The SDK ignores the path-level `servers` too (its URL is the client's base + `/json.php`):
  // the retired endpoint is called at the origin's root by giving that as the base.
  const legacy = await sdk.getLegacyJson({ baseUrl: origin });
  record('getLegacyJson', legacy);
  if (legacy.error?.error.code !== 'endpoint_retired') throw new Error('getLegacyJson: error.code');
  return outcome;
}
