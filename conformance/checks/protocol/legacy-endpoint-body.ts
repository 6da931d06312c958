import { defineCheck } from '../../src/core/check.ts';
import { errorEnvelopeProblems, expectThat, failWith } from '../../src/core/expect.ts';
import { bodyNotJsonReason, type ApiResponse } from '../../src/core/http-client.ts';
import { jsonMediaTypeProblem } from './support/json-media-type.ts';
import { LEGACY_ENDPOINT_PLACES } from './support/legacy-endpoint-places.ts';

type Place = (typeof LEGACY_ENDPOINT_PLACES)[number];

/** Queries an old client of the legacy endpoint might send. */
const LEGACY_QUERIES: ReadonlyArray<Array<[string, string]>> = [
  [['format', 'json']],
  [
    ['q', 'mud'],
    ['page', '2'],
  ],
];

/** A 410 of /json.php: a UTF-8 JSON body (§1 rule 1) holding the error envelope (§7). */
function expectEnvelope(response: ApiResponse, place: Place): void {
  const mediaProblem = jsonMediaTypeProblem(response.headers['content-type']);
  const problems = [
    ...(mediaProblem === undefined ? [] : [mediaProblem]),
    ...(response.isJson ? errorEnvelopeProblems(response.body) : [bodyNotJsonReason(response)]),
  ];
  if (problems.length === 0) return;
  failWith(
    response,
    `The 410 of /json.php (${place.where}) is not a JSON error envelope (${problems[0]})`,
    'Content-Type: application/json (UTF-8); {error: {code, message, details?}, request_id} (§1 rule 1, §7)',
    `Content-Type: ${response.headers['content-type'] ?? '(none)'}; ${problems.join('; ')}`,
  );
}

/**
 * Where /json.php answers and whether it needs a key are open (D30), and §1 rule 6 fixes no
 * body; but every response body of the service is UTF-8 JSON (§1 rule 1) and an error response
 * has the §7 body shape (410 is among §7's statuses), so whatever place answers 410 answers
 * the envelope. The status itself is PROTOCOL-LEGACY-ENDPOINT-GONE's.
 */
export const legacyEndpointBody = defineCheck({
  id: 'PROTOCOL-LEGACY-ENDPOINT-BODY',
  area: 'protocol',
  source: '§1 rule 1 ("every response body is UTF-8 JSON"); §1 rule 6; §7 errors (body shape, statuses used)',
  level: 'must',
  title: 'The 410 of the retired /json.php, with or without a query, is a JSON error envelope',
  covers: ['S1.1', 'S7.BODY'],
  decisions: ['D30'],
  async run(ctx) {
    let found: Place | undefined;
    for (const place of LEGACY_ENDPOINT_PLACES) {
      const response = await ctx.client.get('/json.php', place.options);
      if (response.status !== 410) continue;
      expectEnvelope(response, place);
      found = place;
      break;
    }
    if (found === undefined)
      return ctx.skip('/json.php answered 410 nowhere (PROTOCOL-LEGACY-ENDPOINT-GONE fails)');
    // The other places that answer 410, as the budget allows: one server may answer at several.
    // Then the place found with a query, as an old client calls it: the endpoint is retired
    // whatever it is asked, so a router that matches `/json.php` on the URL as sent (query
    // included) and lets `/json.php?…` fall through to a 404 fails here.
    const foundPlace = found;
    const visits: Array<{ place: Place; query?: Array<[string, string]> }> = [
      ...LEGACY_ENDPOINT_PLACES.filter((place) => place !== foundPlace).map((place) => ({ place })),
      ...LEGACY_QUERIES.map((query) => ({ place: foundPlace, query })),
    ];
    await ctx.sweep(visits, async ({ place, query }) => {
      const response = await ctx.client.get('/json.php', { ...place.options, ...(query ? { query } : {}) });
      if (query === undefined) {
        if (response.status === 410) expectEnvelope(response, place);
        return;
      }
      const asked = `/json.php?${new URLSearchParams(query).toString()}`;
      expectThat(
        response,
        response.status === 410,
        `${asked} (${place.where}) is not 410 Gone where /json.php is`,
        'HTTP 410 (§1 rule 6: the legacy endpoint is retired, whatever its query)',
        `HTTP ${response.status}`,
      );
      expectEnvelope(response, place);
    });
  },
});
