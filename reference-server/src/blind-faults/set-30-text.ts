/**
 * Blind fault set 30 (set-30.ts): what each mistake about text computes — plain functions, each
 * called only behind its fault's guard (operations.ts, respond.ts, middleware/authenticate.ts), so
 * with no fault on nothing here runs. Each one is a mistake only text that is not plain ASCII words
 * shows: a search folding accents, a query decoded by `unescape()` (Latin-1), a search term decoded
 * twice, a term cut at a NUL, `q` split on ASCII whitespace only, a pagination Link header written
 * with decoded text, a description cut at a byte limit, a review body whose control characters are
 * left raw in the JSON, an MSSP value cut at a colon, Unicode dashes and digits read in dates, a
 * trailing newline matched by `$`, a body encoded in UTF-16 on request, an error's Content-Length
 * counted in UTF-16 code units, an error body encoded as CESU-8, an Authorization header NFKC-normalised
 * before it is read.
 */
import type { RawQuery } from '../domain/domain-result.ts';
import { lastPage, type PageRequest } from '../domain/pagination.ts';
import { scalarParam as scalar, queryOfPairs as queryOf, rawQueryOf } from '../query-parser.ts';

/** A copy of `query` with its scalar `q` replaced by `change(q)`, or `query` itself when `q` is unchanged. */
function withQ(query: RawQuery, change: (q: string) => string): RawQuery {
  const q = scalar(query, 'q');
  if (q === undefined) return query;
  const changed = change(q);
  if (changed === q) return query;
  const copy = queryOf([]);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) copy[name] = value;
  copy.q = changed;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// GET /games: the search and the query string.

/**
 * Blind fault `blind30-q-accents-folded`: the search compares through an accent-insensitive
 * collation (`utf8mb4_0900_ai_ci`, or `unaccent()` on both sides): every letter is compared without
 * its diacritics, so `dragón` or `drägon` is `dragon`. The listing texts are folded the same way; on
 * text without diacritics that changes nothing, so only the terms are folded here.
 */
export function termsAccentFolded(query: RawQuery): RawQuery {
  return withQ(query, (q) =>
    q
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .normalize('NFC'),
  );
}

/** What the deprecated global `unescape()` does: `%XX` is the character U+00XX (a Latin-1 byte), `%uXXXX` the code unit XXXX. */
function latin1Unescape(text: string): string {
  return text.replace(/%u([0-9A-Fa-f]{4})|%([0-9A-Fa-f]{2})/g, (_, unit?: string, byte?: string) =>
    String.fromCharCode(parseInt(unit ?? byte!, 16)),
  );
}

/**
 * Blind fault `blind30-games-query-unescaped`: GET /games reads its query string with a hand-written
 * parser that splits on `&` and `=`, reads `+` as a space and decodes with `unescape()`, which reads
 * each `%XX` as one Latin-1 character (and `%uXXXX` as a UTF-16 code unit): `q=caf%C3%A9` is the text
 * `cafÃ©`, `q=dr%u0061gon` is `dragon`. Plain ASCII queries parse as the server's own parser has them.
 */
export function queryUnescaped(url: string): Array<[string, string]> {
  return rawQueryOf(url)
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const at = piece.indexOf('=');
      const name = at < 0 ? piece : piece.slice(0, at);
      const value = at < 0 ? '' : piece.slice(at + 1);
      return [latin1Unescape(name.replace(/\+/g, ' ')), latin1Unescape(value.replace(/\+/g, ' '))];
    });
}

/** Blind fault `blind30-games-query-unescaped`: the query as that parser has it. */
export function queryObjectUnescaped(url: string): RawQuery {
  return queryOf(queryUnescaped(url));
}

/**
 * Blind fault `blind30-games-query-unescaped`: the links' query, the parsed parameters encoded again
 * (as URLSearchParams encodes them, UTF-8): a value read as `cafÃ©` comes back `caf%C3%83%C2%A9`.
 */
export function linkQueryUnescaped(url: string): string {
  return new URLSearchParams(queryUnescaped(url)).toString();
}

/**
 * Blind fault `blind30-q-percent-decoded-twice`: the search service percent-decodes `q` again after
 * the framework has decoded it (each `%XX` escape that is valid UTF-8 is decoded; text that does not
 * decode is kept as it is), so an escaped percent sign names a character: `q=dr%2561gon` (the term
 * `dr%61gon`) searches `dragon`.
 */
export function qDecodedTwice(query: RawQuery): RawQuery {
  return withQ(query, (q) =>
    q.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    }),
  );
}

/**
 * Blind fault `blind30-q-term-cut-at-nul`: the terms are handed to the full-text engine's C binding as
 * NUL-terminated strings, so each term ends at its first NUL: `q=dragon%00xyz` searches `dragon`
 * (and a term starting with a NUL is empty, no filter).
 */
export function termsCutAtNul(query: RawQuery): RawQuery {
  return withQ(query, (q) =>
    q
      .split(/(\s+)/u)
      .map((piece) => (piece.includes('\0') ? piece.slice(0, piece.indexOf('\0')) : piece))
      .join(''),
  );
}

/** The whitespace of `/\s/u` that is not ASCII whitespace (NBSP, U+2000–U+200A, U+3000, U+FEFF …). */
const NON_ASCII_WHITESPACE = /[^\S\t\n\v\f\r ]/gu;

/**
 * Blind fault `blind30-q-split-on-ascii-whitespace`: `q` is split on ASCII whitespace only
 * (`/[ \t\n\v\f\r]+/`, C's `isspace`), so a no-break space (U+00A0), an ideographic space (U+3000, an
 * IME's space key) or another Unicode space stays inside a term, and a term holding one occurs in no
 * listing text (whose words are cut at every space). Written here as the server's own split sees it:
 * each such space replaced by U+FFFF, a noncharacter no text holds.
 */
export function unicodeSpacesKeptInTerms(query: RawQuery): RawQuery {
  return withQ(query, (q) => q.replace(NON_ASCII_WHITESPACE, '\uffff'));
}

/**
 * Blind fault `blind30-games-link-header-decoded-500`: a GitHub-style `Link` header (RFC 8288) for
 * the pages, its URLs written with the decoded parameters. Node refuses a header value holding a
 * character beyond U+00FF, and setting it throws (`ERR_INVALID_CHAR`).
 */
export function decodedLinkHeader({ resourceUrl, rawQuery, page, perPage, total }: PageRequest): string {
  const link = (to: number) => {
    const params = new URLSearchParams(rawQuery);
    params.set('page', String(to));
    return `${resourceUrl}?${[...params].map(([name, value]) => `${name}=${value}`).join('&')}`;
  };
  const last = lastPage(total, perPage);
  const parts: string[] = [];
  if (page < last) parts.push(`<${link(page + 1)}>; rel="next"`);
  if (page > 1) parts.push(`<${link(Math.min(page - 1, last))}>; rel="prev"`);
  parts.push(`<${link(1)}>; rel="first"`, `<${link(last)}>; rel="last"`);
  return parts.join(', ');
}

// ---------------------------------------------------------------------------------------------
// Game detail, review detail, MSSP.

/** Blind fault `blind30-detail-description-cut-at-512-bytes`: the bytes the description's column keeps. */
const DESCRIPTION_BYTES = 512;

/**
 * Blind fault `blind30-detail-description-cut-at-512-bytes`: the detail's description is read from a
 * column that keeps the first 512 bytes of its UTF-8 text (a byte-limited `VARCHAR2(512 BYTE)`, filled
 * without error in a non-strict mode): a longer description is cut (and a character cut in its middle
 * decodes as U+FFFD).
 */
export function descriptionCutAt512Bytes(description: string): string {
  const bytes = Buffer.from(description, 'utf8');
  return bytes.length <= DESCRIPTION_BYTES
    ? description
    : bytes.subarray(0, DESCRIPTION_BYTES).toString('utf8');
}

/**
 * Blind fault `blind30-review-body-control-chars-raw`: the review detail is written by a hand-made
 * serialiser (for its long bodies) whose string escaper handles `"` and `\` only, so the body's line
 * feeds (and any other control character) stay raw inside the JSON string, which JSON forbids.
 */
export function reviewJsonWithRawBody(served: { data: object }): string {
  const json = JSON.stringify(served);
  const { body } = served.data as { body?: unknown };
  if (typeof body !== 'string') return json;
  const escapedOnlyQuotes = `"${body.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  const field = `"body":${JSON.stringify(body)}`;
  const at = json.lastIndexOf(field);
  return at < 0 ? json : `${json.slice(0, at)}"body":${escapedOnlyQuotes}${json.slice(at + field.length)}`;
}

/**
 * Blind fault `blind30-mssp-value-cut-at-colon`: the crawler keeps a snapshot as `NAME: value` lines
 * and the normaliser reads a line with `const [name, value] = line.split(':')`, so a text value
 * holding a colon keeps only what comes before it (trimmed): `Broken Frontiers: The Sundering` is
 * `Broken Frontiers`. Numbers, flags and values without a colon are right.
 */
export function msspValuesCutAtColon(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && value.includes(':') ? value.split(':')[0]!.trim() : value,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Player history, statistics, activity pattern: dates.

/** Hyphens and dashes a pasted date may hold: U+2010–U+2015, minus U+2212, small and full-width hyphen-minus. */
const UNICODE_DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;

/**
 * Blind fault `blind30-players-date-unicode-dashes-accepted`: before the dates are checked, a
 * "copy-paste friendly" clean-up turns every Unicode hyphen or dash into `-` (dates pasted from a
 * word processor hold en dashes), so `2026‐11‐20` (U+2010) or `2026–11–20` (U+2013) is read as
 * 2026-11-20. Undefined when no date holds such a dash (the query is read as sent).
 */
export function datesWithDashesNormalised(query: RawQuery): RawQuery | undefined {
  return datesRewritten(query, (value) => value.replace(UNICODE_DASHES, '-'));
}

/** A copy of `query` with `from` and `to` rewritten by `change`, or undefined when neither changes. */
function datesRewritten(query: RawQuery, change: (value: string) => string): RawQuery | undefined {
  let changed = false;
  const copy = queryOf([]);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if ((name === 'from' || name === 'to') && typeof value === 'string') {
      const rewritten = change(value);
      changed ||= rewritten !== value;
      copy[name] = rewritten;
    } else copy[name] = value;
  }
  return changed ? copy : undefined;
}

const DECIMAL_DIGIT = /\p{Nd}/u;

/** The value of a decimal digit of any script (Unicode encodes each script's 0–9 as one run of ten). */
function digitValue(codePoint: number): number {
  let start = codePoint;
  while (start > 0 && codePoint - start < 60 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

/**
 * Blind fault `blind30-stats-date-unicode-digits-accepted`: the statistics service (Python) checks a
 * date with `re.fullmatch(r"\d{4}-\d{2}-\d{2}", value)` and converts its parts with `int()`; in
 * Python 3 both `\d` and `int()` take the decimal digits of every script, so `２０２６-１１-２０`
 * (full-width) or `٢٠٢٦-١١-٢٠` (Arabic-Indic) is read as 2026-11-20. Undefined when no date holds a
 * digit outside ASCII.
 */
export function datesWithUnicodeDigits(query: RawQuery): RawQuery | undefined {
  return datesRewritten(query, (value) =>
    [...value]
      .map((c) => (DECIMAL_DIGIT.test(c) && !/[0-9]/.test(c) ? String(digitValue(c.codePointAt(0)!)) : c))
      .join(''),
  );
}

/**
 * Blind fault `blind30-activity-date-trailing-newline-accepted`: the activity pattern's dates are
 * checked with `re.match(r"^(\d{4})-(\d{2})-(\d{2})$", value)` and built from the groups; Python's
 * `$` also matches before a final line feed, so `2026-11-01\n` (`from=2026-11-01%0A`) is read as
 * 2026-11-01. Undefined when no date ends so.
 */
export function datesTrailingNewlineDropped(query: RawQuery): RawQuery | undefined {
  return datesRewritten(query, (value) => value.replace(/^(\d{4}-\d{2}-\d{2})\n$/, '$1'));
}

// ---------------------------------------------------------------------------------------------
// Encodings: GET /tags, error bodies.

/**
 * Blind fault `blind30-tags-accept-charset-utf16`: GET /tags goes through the framework's negotiating
 * JSON formatter, which supports UTF-8 and UTF-16 and picks the one Accept-Charset prefers (the
 * first of the highest weight; UTF-8 when neither is named or the header is absent). True when
 * UTF-16 wins.
 */
export function prefersUtf16(acceptCharset: string | string[] | undefined): boolean {
  if (typeof acceptCharset !== 'string') return false;
  let best: { charset: string; weight: number } | undefined;
  for (const part of acceptCharset.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find((m) => m !== null);
    const weight = q ? Number(q[1]) : 1;
    const charset =
      name === 'utf-16' || name === 'utf-16le' ? 'utf-16' : name === 'utf-8' ? 'utf-8' : undefined;
    if (charset !== undefined && weight > 0 && (best === undefined || weight > best.weight))
      best = { charset, weight };
  }
  return best?.charset === 'utf-16';
}

/**
 * Blind fault `blind30-error-body-cesu8`: the error bodies are encoded by the error module's own
 * UTF-8 encoder (written for the log shipper), which encodes each UTF-16 code unit on its own, so a
 * character beyond U+FFFF becomes its two surrogates' three-byte sequences (CESU-8, ED A0 BD ED B0 89
 * for U+1F409) instead of one four-byte sequence, which no UTF-8 decoder accepts. Text within the
 * Basic Multilingual Plane is encoded as UTF-8 is.
 */
export function cesu8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes.push(unit);
    else if (unit < 0x800) bytes.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    else bytes.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
  }
  return Buffer.from(bytes);
}

// ---------------------------------------------------------------------------------------------
// Authentication.

/**
 * Blind fault `blind30-authorization-nfkc-normalised`: the request's header values are NFKC-normalised
 * (a hardening against look-alike characters) before the Authorization header is read. NFKC maps a
 * no-break space (U+00A0, the byte A0 of a Latin-1 header) to a space, and superscript digits or the
 * ordinal indicators (`¹`, `²`, `ª`) to plain ones, so `Bearer\u00a0<key>` reads as `Bearer <key>`.
 * ASCII values are unchanged.
 */
export function headerValuesNfkc(rawHeaders: readonly string[]): string[] {
  return rawHeaders.map((text, i) => (i % 2 === 1 ? text.normalize('NFKC') : text));
}
