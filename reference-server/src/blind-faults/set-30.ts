/**
 * Blind fault set 30: a thirtieth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–29 (set-1.ts … set-29.ts). Its theme is text: each fault is a mistake only text
 * that is not plain ASCII words shows — a search folding accents, a query string decoded as Latin-1
 * by `unescape()`, a search term percent-decoded twice, a term cut at a NUL, `q` split on ASCII
 * whitespace only, a pagination Link header written with decoded text, a description cut at a byte
 * limit, a review body whose line feeds stay raw in the JSON, an MSSP value cut at a colon, Unicode
 * dashes or digits read in dates, a trailing newline matched by Python's `$`, a body encoded in
 * UTF-16 on request, an error's Content-Length counted in UTF-16 code units, an error body encoded
 * as CESU-8, an Authorization header NFKC-normalised before it is read. On the common path (plain
 * ASCII requests) the server looks right; the data it serves is ASCII, so most faults show through
 * what a client sends.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind30-…'] })`, `--faults blind30-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in `blind-faults/set-30-text.ts`);
 * with none on, nothing changes. `hint` names what a black-box client needs besides a normal key to
 * observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_30 = [
  // GET /games: the search terms and the query string.
  {
    name: 'blind30-q-accents-folded',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The search compares through an accent-insensitive collation (MySQL `utf8mb4_0900_ai_ci`, or `unaccent()` on both sides), so every letter is compared without its diacritics: `q=drag%C3%B3n` ("dragón", in no listing text) finds the games holding "dragon" (100 of the 275 active games here) instead of none (`meta.total` 0), as do `drägon` or `dragòn`; terms without diacritics are right.',
    where: 'operations.ts',
    hint: 'a `q` term with an accented letter that is a plain word without it (`q=drag%C3%B3n`)',
  },
  {
    name: 'blind30-games-query-unescaped',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."; §4 GET /games: "`q` | string | none | … every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "GET /games reads its query string with a hand-written parser that decodes with `unescape()`, which reads each `%XX` as one Latin-1 character, and builds its links from the parsed parameters (encoded again as UTF-8): `q=caf%C3%A9` is searched as `cafÃ©` and linked as `q=caf%C3%83%C2%A9` instead of `q=caf%C3%A9` (every link of the page, `self` included); `unescape`'s own `%uXXXX` escapes are decoded too (`q=dr%u0061gon` searches `dragon` instead of the text `dr%u0061gon`, none); ASCII queries are right.",
    where: 'operations.ts',
    hint: 'a `q` holding a non-ASCII character, percent-encoded as UTF-8 (`q=caf%C3%A9`), and the links',
  },
  {
    name: 'blind30-q-percent-decoded-twice',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The search service percent-decodes `q` once more after the framework has decoded it, so a term holding a percent escape as text names another character: `q=dr%2561gon` (the term `dr%61gon`, in no listing text) searches `dragon` and answers its 100 games instead of none; terms without `%` are right.',
    where: 'operations.ts',
    hint: 'a `q` term holding an escaped percent sign followed by two hex digits (`q=dr%2561gon`)',
  },
  {
    name: 'blind30-q-term-cut-at-nul',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The terms are handed to the full-text engine's C binding as NUL-terminated strings, so each term ends at its first NUL: `q=dragon%00xyz` searches `dragon` and answers its 100 games instead of none (no listing text holds a NUL), and a term starting with a NUL filters nothing; terms without NUL are right.",
    where: 'operations.ts',
    hint: 'a `q` term with a NUL inside (`q=dragon%00xyz`)',
  },
  {
    name: 'blind30-q-split-on-ascii-whitespace',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "`q` is split on ASCII whitespace only (`/[ \\t\\n\\v\\f\\r]+/`, C's `isspace`), so an ideographic space (U+3000, an input method's space key), a no-break space (U+00A0) or another Unicode space stays inside a term, which then occurs in no listing text: `q=dragon%E3%80%80keep` answers no game instead of the 4 games holding both `dragon` and `keep`; terms separated by ASCII whitespace are right.",
    where: 'operations.ts',
    hint: 'two words of one game joined by a Unicode space (`q=dragon%E3%80%80keep`)',
  },
  {
    name: 'blind30-games-link-header-decoded-500',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur …" (a 200 with the matching games); §7: "internal_error | 500 | Server could not complete the request".',
    description:
      'GET /games also sends a GitHub-style `Link` header (RFC 8288) for its pages, written with the decoded parameters; Node refuses a header value holding a character beyond U+00FF, so a query holding one (`q=%E2%82%AC`, the euro sign; `q=%E6%97%A5`) throws while the answer is written and is answered 500 `internal_error` instead of 200 (no game, `meta.total` 0); ASCII queries are answered 200 (with the extra header), as are Latin-1 letters (`q=caf%C3%A9`, written as raw bytes in the header).',
    where: 'operations.ts',
    hint: 'a `q` holding a character beyond Latin-1 (`q=%E2%82%AC`)',
  },
  // Game detail, review detail, MSSP.
  {
    name: 'blind30-detail-description-cut-at-512-bytes',
    rule: '§2 Game detail: "`description` | string (full description)".',
    description:
      'The detail reads the description from a column that keeps the first 512 bytes of its UTF-8 text (a byte-limited `VARCHAR2(512 BYTE)`, filled without error), so a longer description is cut at its 512th byte, mid-word (235 of the 300 games here, descriptions up to 895 characters), and a multi-byte character cut in the middle would become U+FFFD; descriptions of 512 bytes or fewer, and every other field, are right.',
    where: 'operations.ts',
    hint: 'the detail of a game whose description is longer than 512 bytes',
  },
  {
    name: 'blind30-review-body-control-chars-raw',
    rule: '§1: "Only GET is supported; every response body is UTF-8 JSON."; §2 Review detail: "adds `body` (string, required): UTF-8 Markdown; supported formatting is paragraphs, …".',
    description:
      'The review detail is written by a hand-made serialiser whose string escaper handles `"` and `\\` only, so the line feeds between the paragraphs and list items of a body stay raw inside the JSON string, which JSON forbids: GET /reviews/{id} of a body with more than one line (228 of the 301 reviews here) is a 200 whose body no JSON parser accepts; one-line bodies, and GET /reviews, are right.',
    where: 'operations.ts',
    hint: 'the detail of a review whose body has several paragraphs',
  },
  {
    name: 'blind30-mssp-value-cut-at-colon',
    rule: '§2 MSSP snapshot: "`values` | object or null; normalized MSSP keys to values; available keys vary by game; known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'The crawler keeps each snapshot as `NAME: value` lines, and the normaliser reads a line with `const [name, value] = line.split(\':\')`, so a text value holding a colon keeps only what comes before it: the `name` of a game called "Broken Frontiers: The Sundering" is `Broken Frontiers` (15 snapshots here hold a colon in their name); numbers, flags and values without a colon are right.',
    where: 'operations.ts',
    hint: 'the MSSP snapshot of a game whose MSSP name holds a colon',
  },
  // Player history, statistics, activity pattern.
  {
    name: 'blind30-players-date-unicode-dashes-accepted',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | …"; "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'Before the dates are checked, a copy-paste-friendly clean-up turns every Unicode hyphen or dash (U+2010–U+2015, the minus sign U+2212, small and full-width hyphen-minus) into `-`, so `from=2026%E2%80%9011%E2%80%9020` (`2026‐11‐20`) or an en-dashed date is answered 200 with `meta.from` `2026-11-20` instead of 422 `invalid_date_range`; dates with ASCII hyphens, and other malformed dates, are right.',
    where: 'operations.ts',
    hint: 'a player-history date written with Unicode hyphens (`from=2026%E2%80%9011%E2%80%9020`)',
  },
  {
    name: 'blind30-stats-date-unicode-digits-accepted',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days)"; "3. Invalid queries return 422 `invalid_statistics_query`."',
    description:
      'The statistics service (Python) checks a date with `re.fullmatch(r"\\d{4}-\\d{2}-\\d{2}", value)` and converts its parts with `int()`; both take the decimal digits of every script, so `from=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96-11-20` (full-width `２０２６`) or Arabic-Indic digits are answered 200 with the statistics of 2026-11-20 onwards instead of 422 `invalid_statistics_query`; dates of ASCII digits, and other malformed dates, are right.',
    where: 'operations.ts',
    hint: 'a statistics date written with full-width or Arabic-Indic digits',
  },
  {
    name: 'blind30-activity-date-trailing-newline-accepted',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, …"; "3. Invalid queries return 422 `invalid_statistics_query`."',
    description:
      'The activity pattern\'s dates are checked with Python\'s `re.match(r"^(\\d{4})-(\\d{2})-(\\d{2})$", value)` and built from the groups, and `$` also matches before a final line feed, so `from=<date>%0A` (the date and a newline) is answered 200 with the pattern of that range instead of 422 `invalid_statistics_query`; other trailing characters (a space, `x`, two newlines) are refused as they should.',
    where: 'operations.ts',
    hint: 'an activity-pattern date followed by a line feed (`from=<date>%0A`)',
  },
  // Encodings and headers.
  {
    name: 'blind30-tags-accept-charset-utf16',
    rule: '§1: "1. The service is a read-only HTTPS JSON API, intended for server-to-server use. Only GET is supported; every response body is UTF-8 JSON."',
    description:
      "GET /tags goes through the framework's negotiating JSON formatter, which supports UTF-8 and UTF-16 and honours Accept-Charset, so a request sending `Accept-Charset: utf-16` (or preferring it to UTF-8) is answered in UTF-16LE labelled `application/json; charset=utf-16` instead of UTF-8 (a UTF-8 reader sees a NUL after every character); without the header, or preferring UTF-8, it is right.",
    where: 'operations.ts',
    hint: 'GET /tags with `Accept-Charset: utf-16`',
  },
  {
    name: 'blind30-error-content-length-utf16-units',
    rule: '§1: "every response body is UTF-8 JSON"; §2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`".',
    description:
      "The error bodies are written with `Content-Length` set to the JSON text's `length` (UTF-16 code units) instead of its UTF-8 byte count, so an error whose details echo a non-ASCII value (`has_reviews=%C3%A9`, a player-history `from` holding `é` or an emoji) announces fewer bytes than it sends: the client reads a body cut before its end, which is no JSON, and the rest spills onto the connection; error bodies of ASCII text are right.",
    where: 'respond.ts',
    hint: 'an invalid parameter value holding a non-ASCII character (`has_reviews=%C3%A9`)',
  },
  {
    name: 'blind30-error-body-cesu8',
    rule: '§1: "every response body is UTF-8 JSON"; §2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`".',
    description:
      "The error bodies are encoded by the error module's own UTF-8 encoder, which encodes each UTF-16 code unit on its own, so a character beyond U+FFFF echoed in the details becomes its two surrogates' three-byte sequences (CESU-8, `ED A0 BD ED B0 89` for U+1F409): `from=%F0%9F%90%89` on the player history is a 422 whose body is not valid UTF-8 (a lenient decoder reads six U+FFFD instead of the dragon); text within the Basic Multilingual Plane, and every 200, are right.",
    where: 'respond.ts',
    hint: 'an invalid parameter value holding an emoji (`from=%F0%9F%90%89`)',
  },
  {
    name: 'blind30-authorization-nfkc-normalised',
    rule: '§5: "1. Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."; "3. … Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      "The request's header values are NFKC-normalised (a hardening against look-alike characters) before the Authorization header is read, and NFKC maps a no-break space (U+00A0, the byte A0 of a Latin-1 header) to a space and superscript digits (`¹`, `²`) to plain ones: `Authorization: Bearer\\u00a0<key>` (a no-break space between the scheme and the key), or a key whose last digit is sent as its superscript, is answered 200 as that key instead of 401 `invalid_api_key`; ASCII headers are right (a tab separator is still refused).",
    where: 'middleware/authenticate.ts',
    hint: 'an Authorization header with a no-break space (byte A0) between `Bearer` and the key',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault30Name = (typeof BLIND_FAULTS_30)[number]['name'];
