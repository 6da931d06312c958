import type { ApiClient, ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { errorCodeOf, expectErrorEnvelope, expectThat } from '../../src/core/expect.ts';

/** Whether a value of `query` ends with a line feed (a date as a text file's line holds it). */
export function isLineFed(query: QueryPairs): boolean {
  return query.some(([, value]) => String(value).endsWith('\n'));
}

/**
 * Judges the answer to a query whose date is followed by a line feed. Whether whitespace around a
 * date is trimmed is open (D26): a server that trims takes the date followed by a line feed and
 * followed by a space alike, so a date taken with the line feed must be taken with the space too
 * (asked once more). One that takes the line feed alone reads it past a pattern's `$` (Python's
 * and PHP's match before a final line feed), not by trimming. A refusal must be `code`'s envelope.
 */
export async function expectLineFeedAsSpace(
  client: ApiClient,
  path: string,
  query: QueryPairs,
  response: ApiResponse,
  code: string,
): Promise<void> {
  if (response.status === 422) return expectErrorEnvelope(response, 422, [code]);
  const spaced = query.map(([name, value]): [string, string | number] => [
    name,
    String(value).replace(/\n$/, ' '),
  ]);
  const twin = await client.get(path, { query: spaced });
  const sent = (pairs: QueryPairs) => pairs.map(([n, v]) => `${n}=${JSON.stringify(String(v))}`).join('&');
  expectThat(
    response,
    twin.status === response.status,
    `GET ${path} takes a date followed by a line feed (${sent(query)}: HTTP ${response.status}) but not followed by a space (HTTP ${twin.status})`,
    `HTTP 422 ${code}, or the answer the date followed by a space has (a server trimming whitespace, D26)`,
    `HTTP ${response.status}, and HTTP ${twin.status} ${errorCodeOf(twin) ?? ''} with a space`.trim(),
  );
}
