import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchMssp } from './support/fetch-mssp.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import {
  lettersOf,
  MSSP_FLAG_VARIABLES,
  MSSP_NUMERIC_VARIABLES,
  MSSP_SPEC_NUMERIC_VARIABLES,
} from './support/mssp-key-kinds.ts';

/** A string a client would read as a number: what "normalized where possible" turns into one. */
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
/**
 * The API's own timestamp shape (§1 rule 4). MSSP's numeric variables are numbers a game reports
 * as plain text (a year, an epoch second, a count); in this shape such a value is the server's
 * conversion of the number into a date (`CREATED 1994` written `1994-01-01T00:00:00Z`, an UPTIME
 * epoch as a time), neither the number nor the game's text.
 */
const API_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/**
 * The encodings of a capability flag a server can read as a boolean: MSSP's `0`/`1` (as text or
 * numbers), and a boolean written as text (`"true"`, a store's or an export's stringified one).
 */
const FLAG_ENCODINGS = new Set<unknown>(['0', '1', 0, 1, 'true', 'false', 'TRUE', 'FALSE', 'True', 'False']);

export const valueTypes = defineCheck({
  id: 'MSSP-VALUE-TYPES',
  area: 'mssp',
  source:
    '§2 MSSP snapshot, values ("known numeric and capability fields are normalized to JSON numbers and booleans where possible")',
  level: 'must',
  title: 'Known numeric MSSP values are numbers and capability flags are booleans',
  covers: ['S2.MSSP.VALUES'],
  decisions: ['D44'],
  async run(ctx) {
    await ctx.property([knownGameId(ctx, { includeArchived: true })], async (id) => {
      const { response, body } = await fetchMssp(ctx, id);
      judgeValues(response, body.data?.values ?? {});
    });
    // And every MSSP answer the run receives, to its end (links followed, other checks' games).
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/mssp$/), (response) => {
      const values = (response.body as { data?: { values?: unknown } | null } | undefined)?.data?.values;
      if (typeof values !== 'object' || values === null || Array.isArray(values)) return false;
      judgeValues(response, values as Record<string, unknown>);
      return true;
    });
  },
});

/**
 * What an MSSP value may be: the text a game reported, or the number or boolean it was normalized
 * to (§2), or a list of such (MSSP sends a variable more than once) — never an object. A store's
 * value handed over as it is (a driver's Buffer of a BIT column, `{"type":"Buffer","data":[1]}`;
 * blind fault `blind38-mssp-flags-bit-buffers`) is none of them.
 */
function isMsspValue(value: unknown): boolean {
  const scalar = (item: unknown) =>
    typeof item === 'string' ||
    typeof item === 'boolean' ||
    (typeof item === 'number' && Number.isFinite(item));
  // null too: what a server writes for a value reported empty or as -1 ("unknown") is its choice
  // (D44 omits it).
  return value === null || scalar(value) || (Array.isArray(value) && value.every(scalar));
}

/**
 * Fails at the first value that is no MSSP value, known numeric value left as text, made a date
 * or written as a boolean, or flag left as 0/1 or as a boolean's text.
 */
function judgeValues(response: ApiResponse, values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) {
    expectThat(
      response,
      isMsspValue(value),
      `values.${key} is neither text nor a number nor a boolean`,
      `values.${key} the text the game reported, or a JSON number or boolean (a list of such)`,
      `values.${key} ${JSON.stringify(value)}`,
    );
    const letters = lettersOf(key);
    if (MSSP_NUMERIC_VARIABLES.has(letters)) {
      expectThat(
        response,
        !(typeof value === 'string' && NUMERIC_TEXT.test(value)),
        `values.${key} is a number left as text`,
        `values.${key} a JSON number`,
        `values.${key} ${JSON.stringify(value)}`,
      );
      // A count is no flag: a boolean here is a number read (or stored) as one (`0` as false).
      expectThat(
        response,
        typeof value !== 'boolean',
        `values.${key} is a number written as a boolean`,
        `values.${key} a JSON number, or the text the game reported`,
        `values.${key} ${JSON.stringify(value)}`,
      );
    }
    if (MSSP_SPEC_NUMERIC_VARIABLES.has(letters)) {
      expectThat(
        response,
        !(typeof value === 'string' && API_TIMESTAMP.test(value)),
        `values.${key} is a number turned into a date-time`,
        `values.${key} a JSON number, or the text the game reported`,
        `values.${key} ${JSON.stringify(value)}`,
      );
    }
    if (MSSP_FLAG_VARIABLES.has(letters)) {
      expectThat(
        response,
        !FLAG_ENCODINGS.has(value),
        `values.${key} is a capability flag left as 0/1 or as text`,
        `values.${key} a JSON boolean`,
        `values.${key} ${JSON.stringify(value)}`,
      );
    }
  }
}
