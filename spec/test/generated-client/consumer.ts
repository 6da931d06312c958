/**
 * A client of the API as a developer would write one from spec/openapi.yaml: every operation
 * called with plain `fetch`, typed only by the `paths` that openapi-typescript generates.
 * generated-client.test.ts compiles it with `tsc --strict` beside freshly generated types and
 * runs it against the reference server; the project's typecheck compiles it against the
 * committed spec/generated/openapi.d.ts. It reads the detail's required fields without `!`
 * on purpose: if the spec lets a generator make one optional again, it stops compiling.
 */
import type { paths } from '../../generated/openapi.d.ts';

type Operation<P extends keyof paths> = paths[P]['get'];
type Parameters<P extends keyof paths> = Operation<P>['parameters'];
type Responses<P extends keyof paths> = Operation<P>['responses'];
/** The JSON body of a response object. */
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body an operation documents for a 200. */
export type OkBody<P extends keyof paths> = Responses<P> extends { 200: infer R } ? Json<R> : never;
/** The JSON body an operation documents for a 410. */
export type GoneBody<P extends keyof paths> = Responses<P> extends { 410: infer R } ? Json<R> : never;

interface Answer {
  status: number;
  body: unknown;
}

/** One call's outcome, by a label naming the operation (and the variant, for a second call). */
export type Outcome = Record<string, number>;

async function get<P extends keyof paths>(
  base: string,
  apiKey: string,
  path: P,
  parameters: { path?: Parameters<P>['path']; query?: Parameters<P>['query'] },
): Promise<Answer> {
  const pathValues = (parameters.path ?? {}) as Record<string, string | number>;
  const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(pathValues[name])),
  );
  const url = new URL(`${base}${concrete}`);
  for (const [name, value] of Object.entries((parameters.query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) url.searchParams.append(name, String(item));
    }
  }
  const response = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` } });
  return { status: response.status, body: await response.json() };
}

/** The body of a 200, as the generated types describe it. */
function ok<P extends keyof paths>(answer: Answer, _path: P): OkBody<P> {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}`);
  return answer.body as OkBody<P>;
}

/**
 * Calls every operation against `origin` (the server's root; the API under `/api/v1`, the
 * retired `/json.php` at the root) and returns each call's status.
 */
export async function callEveryOperation(origin: string, apiKey: string): Promise<Outcome> {
  const api = `${origin}/api/v1`;
  const outcome: Outcome = {};
  const call = async <P extends keyof paths>(
    label: string,
    path: P,
    parameters: { path?: Parameters<P>['path']; query?: Parameters<P>['query'] },
  ): Promise<Answer> => {
    const answer = await get(api, apiKey, path, parameters);
    outcome[label] = answer.status;
    return answer;
  };

  const games = ok(
    await call('listGames', '/games', { query: { per_page: 5, sort: 'top_voted' } }),
    '/games',
  );
  const gameId = games.data[0]?.id ?? 1;

  const game = ok(await call('getGame', '/games/{gameId}', { path: { gameId } }), '/games/{gameId}');
  // Required by the description (§4 game detail): no `!`, no `?.` — optional types fail here.
  const detailLinks: string[] = [game.data.urls.mssp, game.data.urls.players, game.data.urls.reviews];
  const msspPort: number | null = game.data.connection.mssp_port;
  const description: string = game.data.description;
  if (detailLinks.some((link) => link.length === 0) || description === undefined || msspPort === undefined) {
    throw new Error('getGame: a required field is missing');
  }

  const mssp = ok(
    await call('getGameMssp', '/games/{gameId}/mssp', { path: { gameId } }),
    '/games/{gameId}/mssp',
  );
  if (mssp.meta.game_id !== gameId) throw new Error('getGameMssp: meta.game_id');
  const players = ok(
    await call('getGamePlayers', '/games/{gameId}/players', {
      path: { gameId },
      query: { granularity: 'daily' },
    }),
    '/games/{gameId}/players',
  );
  if (players.meta.granularity !== 'daily') throw new Error('getGamePlayers: meta.granularity');
  await call('getGameStatistics', '/games/{gameId}/statistics', {
    path: { gameId },
    query: { metric: 'players', resolution: 'daily' },
  });
  await call('getGameActivityPattern', '/games/{gameId}/activity-pattern', {
    path: { gameId },
    query: { timezone: 'UTC' },
  });
  await call('getGame unknown id', '/games/{gameId}', { path: { gameId: 2_000_000_000 } });

  const reviews = ok(await call('listReviews', '/reviews', { query: { per_page: 3 } }), '/reviews');
  // Out-of-range paging is clamped on /reviews (D19), and the parameter schemas allow sending it.
  const clamped = ok(
    await call('listReviews clamped', '/reviews', { query: { page: 0, per_page: 51 } }),
    '/reviews',
  );
  if (clamped.meta.page !== 1 || clamped.meta.per_page !== 50)
    throw new Error('listReviews: paging not clamped');
  const reviewId = reviews.data[0]?.id ?? 1;
  const review = ok(
    await call('getReview', '/reviews/{reviewId}', { path: { reviewId } }),
    '/reviews/{reviewId}',
  );
  const body: string = review.data.body;
  if (body === undefined) throw new Error('getReview: body missing');

  ok(await call('listTags', '/tags', {}), '/tags');

  // The retired endpoint lives at the origin's root, outside the API's base URL (see its description).
  const legacy = await get(origin, apiKey, '/json.php', {});
  outcome.getLegacyJson = legacy.status;
  const gone = legacy.body as GoneBody<'/json.php'>;
  if (gone.error.code !== 'endpoint_retired') throw new Error('getLegacyJson: error.code');
  return outcome;
}
