/**
 * Blind fault set 29 (set-29.ts): what each mistake about hostile or odd input computes — plain
 * functions, each called only behind its fault's guard (operations.ts, middleware/authenticate.ts,
 * app.ts), so with no fault on nothing here runs. Each one is a mistake only odd input shows: a
 * search term compiled as a RegExp, a sort name looked up among an object's inherited keys, a flag
 * read by `Number()`, a tag id read by `parseInt`, `;` taken as a separator, a query string decoded
 * by `decodeURIComponent`, a review id read by `Number()`, a granularity tidied before it is checked,
 * a year below 100 read by `Date.UTC`, an error body written by a string template, a date checked
 * by an unanchored pattern, a key lookup built as SQL text, a token percent-decoded, a scanner
 * filter ahead of authentication, TRACE echoed, an encoded slash decoded before routing.
 */
import type { ApiKeyRecord } from '../../../fixtures/src/model.ts';
import { parseCalendarDate } from '../domain/date-range.ts';
import type { RawQuery } from '../domain/domain-result.ts';
import { scalarParam as scalar, queryOfPairs as queryOf, rawQueryOf } from '../query-parser.ts';

/** A copy of `query` with each value of the names `pick` selects mapped by `change`. */
function mapValues(
  query: RawQuery,
  pick: (name: string) => boolean,
  change: (value: string) => string,
): RawQuery {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value])
      pairs.push([name, pick(name) ? change(one) : one]);
  }
  return queryOf(pairs);
}

// ---------------------------------------------------------------------------------------------
// GET /games.

/**
 * Blind fault `blind29-q-term-compiled-as-regexp`: each term of `q` compiled with `new RegExp(term, 'i')`
 * for the matcher cache before the search runs; a term that is no valid pattern throws a SyntaxError.
 */
export function compileTermMatchers(query: RawQuery): RegExp[] {
  const q = scalar(query, 'q');
  if (q === undefined) return [];
  return q
    .split(/\s+/)
    .filter((term) => term !== '')
    .map((term) => new RegExp(term, 'i'));
}

/** Blind fault `blind29-sort-inherited-name-500`: the sort orders kept in a plain object literal. */
const SORT_ORDERS: Record<string, { column: string; descending: boolean }> = {
  top_voted: { column: 'MONTHLY_VOTES', descending: true },
  newest: { column: 'LISTED', descending: true },
  oldest: { column: 'LISTED', descending: false },
  last_updated: { column: 'UPDATED', descending: true },
  recently_online: { column: 'LAST_SUCCESSFUL_CONNECT', descending: true },
  most_reviewed: { column: 'REVIEW_COUNT', descending: true },
};

/**
 * Blind fault `blind29-sort-inherited-name-500`: the sort looked up with `name in SORT_ORDERS`, which
 * also finds the object's inherited keys (`constructor`, `toString`, `__proto__`, `valueOf`), whose
 * value has no `column`: reading it throws a TypeError. Other names fall back as they should.
 */
export function sortOrderOf(query: RawQuery): string {
  const sort = scalar(query, 'sort');
  const name = sort !== undefined && sort in SORT_ORDERS ? sort : 'last_updated';
  const order = SORT_ORDERS[name]!;
  return `${order.column.toLowerCase()} ${order.descending ? 'desc' : 'asc'}`;
}

/** The flag parameters of GET /games (integer, only value 1). */
const FLAGS = new Set(['has_reviews', 'recently_updated', 'online_recently']);

/**
 * Blind fault `blind29-flag-read-by-number`: a flag's value read with `Number(value) === 1`, so every
 * spelling JavaScript's number conversion reads as one (`0x1`, `1e0`, `1.0`, `+1`, `01`, ` 1`) is the flag on.
 */
export function flagsReadByNumber(query: RawQuery): RawQuery {
  return mapValues(
    query,
    (name) => FLAGS.has(name),
    (value) => (value.trim() !== '' && Number(value) === 1 ? '1' : value),
  );
}

/**
 * Blind fault `blind29-tag-id-parseint`: a tag id read with `parseInt(value, 10)`, which reads the
 * leading digits and drops the rest (`153abc` is 153, `153.9` is 153, `153 OR 1=1` is 153).
 */
export function tagIdsReadByParseInt(query: RawQuery): RawQuery {
  return mapValues(
    query,
    (name) => /_tag_id(\[\])?$/.test(name),
    (value) => {
      const id = parseInt(value, 10);
      return Number.isNaN(id) ? value : String(id);
    },
  );
}

/**
 * Blind fault `blind29-query-semicolon-separator`: the query string split on `;` as well as `&` (the
 * old CGI habit), so `q=dragon;keep` sends `q=dragon` and a parameter named `keep`.
 */
export function queryWithSemicolons(url: string): RawQuery {
  return queryOf(new URLSearchParams(rawQueryOf(url).replace(/;/g, '&')));
}

/**
 * Blind fault `blind29-query-decoded-strictly-500`: the search log decodes each parameter of the raw
 * query string with `decodeURIComponent`, which throws a URIError on a `%` not followed by two hex
 * digits (`q=100%`, `q=%zz`) or on invalid UTF-8 (`q=%C3%28`).
 */
export function decodedForSearchLog(url: string): Array<[string, string]> {
  return rawQueryOf(url)
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const at = piece.indexOf('=');
      const name = at < 0 ? piece : piece.slice(0, at);
      const value = at < 0 ? '' : piece.slice(at + 1);
      return [decodeURIComponent(name.replace(/\+/g, ' ')), decodeURIComponent(value.replace(/\+/g, ' '))];
    });
}

// ---------------------------------------------------------------------------------------------
// Reviews.

/** Blind fault `blind29-review-id-read-by-number`: the path id read with `Number()` and checked to be an integer >= 1. */
export function reviewIdByNumber(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

// ---------------------------------------------------------------------------------------------
// Player history and statistics.

/** Blind fault `blind29-granularity-tidied`: `granularity` trimmed and lower-cased before it is checked. */
export function granularityTidied(query: RawQuery): RawQuery {
  return mapValues(
    query,
    (name) => name === 'granularity',
    (value) => value.trim().toLowerCase(),
  );
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Blind fault `blind29-players-year-below-100-as-1900s`: a valid date converted with
 * `Date.UTC(year, month - 1, day)`, which reads a year from 0 to 99 as 1900 + year, and written back.
 */
export function datesThroughDateUtc(query: RawQuery): RawQuery {
  return mapValues(
    query,
    (name) => name === 'from' || name === 'to',
    (value) => {
      const match = DATE_SHAPE.exec(value);
      if (!match || parseCalendarDate(value) === undefined) return value;
      const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
      return new Date(at).toISOString().slice(0, 10);
    },
  );
}

/** Blind fault `blind29-date-error-body-templated`: the first of `from`/`to` that is no calendar date, with its text. */
export function invalidDateParameter(query: RawQuery): { name: string; value: string } | undefined {
  for (const name of ['from', 'to']) {
    const value = scalar(query, name);
    if (value !== undefined && parseCalendarDate(value) === undefined) return { name, value };
  }
  return undefined;
}

/**
 * Blind fault `blind29-date-error-body-templated`: the 422 of a date written by a string template,
 * the sent text pasted between quotes unescaped (a `"` or `\` in it breaks the JSON).
 */
export function templatedDateError(name: string, value: string, requestId: string): string {
  return (
    `{"error":{"code":"invalid_date_range","message":"Parameter '${name}' must be a calendar date YYYY-MM-DD.",` +
    `"details":{"parameter":"${name}","value":"${value}"}},"request_id":"${requestId}"}`
  );
}

/**
 * Blind fault `blind29-stats-date-pattern-unanchored`: the statistics' dates checked with
 * `/^\d{4}-\d{2}-\d{2}/` (no `$`) and the matched part kept, so trailing text is dropped
 * (`2026-11-01x`, `2026-11-01T00:00`, `2026-11-01 junk`).
 */
export function statisticsDatesCut(query: RawQuery): RawQuery {
  return mapValues(
    query,
    (name) => name === 'from' || name === 'to',
    (value) => /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value,
  );
}

// ---------------------------------------------------------------------------------------------
// Authentication.

/**
 * Blind fault `blind29-key-lookup-sql-injection`: the key looked up by a query built as text,
 * `WHERE key = '<token>'`; a token closing the quote with an always-true comparison
 * (`x'OR'1'='1`) selects every key, and the first row (the first key) is taken.
 */
export function keyBySqlText(
  token: string,
  keys: ReadonlyMap<string, ApiKeyRecord>,
): ApiKeyRecord | undefined {
  const where = `key = '${token}'`;
  const injected = /^key = '[^']*'\s*or\s*'([^']*)'\s*=\s*'([^']*)'$/i.exec(where);
  if (injected === null || injected[1] !== injected[2]) return undefined;
  return keys.values().next().value;
}

/**
 * Blind fault `blind29-token-percent-decoded`: the token passed through `decodeURIComponent` (the
 * helper written for keys read from a query string), which throws a URIError on a broken escape.
 */
export function tokenPercentDecoded(token: string): string {
  return decodeURIComponent(token);
}

// ---------------------------------------------------------------------------------------------
// Protocol and rate limits.

/** Blind fault `blind29-scanner-filter-before-accounting`: what the request filter takes for an attack. */
const ATTACK = /<script|\.\.\/|\/etc\/passwd|union\s+select|'\s*or\s*'/i;

/** Blind fault `blind29-scanner-filter-before-accounting`: whether the path and query, decoded leniently, look like an attack. */
export function looksLikeAttack(url: string): boolean {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A broken escape is judged as sent.
  }
  return ATTACK.test(decoded) || decoded.includes('\u0000');
}

/** Blind fault `blind29-trace-echoed`: the TRACE answer of a diagnostics middleware, the request as received. */
export function traceEcho(
  method: string,
  url: string,
  httpVersion: string,
  rawHeaders: readonly string[],
): string {
  const lines = [`${method} ${url} HTTP/${httpVersion}`];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Blind fault `blind29-encoded-slash-decoded`: the URL with each `%2F` of its path decoded before routing. */
export function encodedSlashesDecoded(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  return `${path.replace(/%2f/gi, '/')}${at < 0 ? '' : url.slice(at)}`;
}
