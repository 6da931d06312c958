/**
 * What the variants of blind set 5 (set-5.ts) do where it is more than a line at its guard: JSON
 * spelled as other stacks' encoders spell it, the headers other stacks and nginx write (status
 * line, Content-Type, Vary, Server, X-Runtime, header name case and order), ASP.NET Core's request
 * ids, query names read ignoring case, the tag groups' filter parameter and weekdays from zero.
 * Nothing here runs unless one of those variants is on.
 */
import type { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import type { CategoryKey, Taxonomy } from '../../../fixtures/src/model.ts';
import type { Clock } from '../context.ts';
import type { DomainResult } from '../domain/domain-result.ts';
import { GAME_PARAMETER_NAMES, tagParameters } from '../domain/game-query.ts';
import { onAnswer } from '../respond.ts';
import type { VariantSet } from '../variants.ts';

/** How strings are escaped: as JSON.stringify, Go's encoding/json, System.Text.Json, Python's ensure_ascii. */
type Escaping = 'standard' | 'html-safe' | 'dotnet' | 'ascii';

/** How a JSON text is spelled (each option one variant). */
export interface JsonSpelling {
  escaping: Escaping;
  /** Python's default separators, `, ` and `: `. */
  spacedSeparators: boolean;
  /** Whole-valued averages written as doubles, `4.0`. */
  floatAverages: boolean;
}

/** The short escapes JSON.stringify uses (RFC 8259 §7). */
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** Characters Go's encoding/json (and Rails' to_json) escape beyond JSON.stringify's: HTML-sensitive ones and the JS line terminators. */
const HTML_SAFE = new Set(['<', '>', '&', '\u2028', '\u2029']);
/** Characters of ASCII System.Text.Json's default encoder (JavaScriptEncoder.Default) escapes as `\uXXXX`. */
const DOTNET_ESCAPED = new Set(['"', "'", '+', '<', '>', '&', '`']);

const unicodeEscape = (unit: number, upper: boolean): string => {
  const hex = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};

/** A JSON string literal of `text`, escaped as `escaping` says (code unit by code unit). */
export function quoteJson(text: string, escaping: Escaping): string {
  if (escaping === 'standard') return JSON.stringify(text);
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const unit = text.charCodeAt(i);
    const upper = escaping === 'dotnet';
    if (escaping === 'dotnet' && DOTNET_ESCAPED.has(char)) out += unicodeEscape(unit, true);
    else if (SHORT_ESCAPES[char] !== undefined) out += SHORT_ESCAPES[char];
    else if (unit < 0x20) out += unicodeEscape(unit, upper);
    else if (escaping === 'html-safe' && HTML_SAFE.has(char)) out += unicodeEscape(unit, false);
    // Beyond ASCII: System.Text.Json escapes DEL too, Python's ensure_ascii from U+0080.
    else if ((escaping === 'dotnet' && unit > 0x7e) || (escaping === 'ascii' && unit > 0x7f))
      out += unicodeEscape(unit, upper);
    // A lone surrogate, escaped as JSON.stringify escapes it (well-formed JSON.stringify).
    else if (unit >= 0xd800 && unit <= 0xdfff && !pairedSurrogate(text, i)) out += unicodeEscape(unit, upper);
    else out += char;
  }
  return `${out}"`;
}

/** Whether the surrogate at `i` is half of a pair. */
function pairedSurrogate(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  if (unit <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff;
  }
  const previous = text.charCodeAt(i - 1);
  return previous >= 0xd800 && previous <= 0xdbff;
}

/** The members whose values are averages (numbers that are not integers by type). */
const AVERAGE_MEMBERS: ReadonlySet<string> = new Set(['average_rating', 'average']);

/** `value` (parsed JSON) as JSON text spelled as `spelling` says; with every option off, JSON.stringify's text. */
export function spellJson(value: unknown, spelling: JsonSpelling, key?: string): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    const text = JSON.stringify(value);
    const float = spelling.floatAverages && key !== undefined && AVERAGE_MEMBERS.has(key);
    return float && Number.isInteger(value) && /^-?\d+$/.test(text) ? `${text}.0` : text;
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return quoteJson(value, spelling.escaping);
  const comma = spelling.spacedSeparators ? ', ' : ',';
  if (Array.isArray(value)) return `[${value.map((item) => spellJson(item, spelling)).join(comma)}]`;
  const colon = spelling.spacedSeparators ? ': ' : ':';
  const record = value as Record<string, unknown>;
  const members = Object.keys(record).map(
    (name) => `${quoteJson(name, spelling.escaping)}${colon}${spellJson(record[name], spelling, name)}`,
  );
  return `{${members.join(comma)}}`;
}

const JSON_TYPE = /^application\/json\b/i;

/**
 * Variants `bv5-json-html-safe-escaping`, `bv5-json-dotnet-escaping`, `bv5-json-python-separators`,
 * `bv5-averages-written-as-floats`: every JSON body written again as that encoder writes it, the
 * same JSON values. Undefined (nothing mounted) when none of them is on.
 */
export function jsonRespelled(variants: VariantSet): RequestHandler | undefined {
  const spelling: JsonSpelling = {
    escaping: variants.has('bv5-json-dotnet-escaping')
      ? 'dotnet'
      : variants.has('bv5-json-html-safe-escaping')
        ? 'html-safe'
        : variants.has('bv5-json-python-separators')
          ? 'ascii'
          : 'standard',
    spacedSeparators: variants.has('bv5-json-python-separators'),
    floatAverages: variants.has('bv5-averages-written-as-floats'),
  };
  if (spelling.escaping === 'standard' && !spelling.spacedSeparators && !spelling.floatAverages)
    return undefined;
  return (_req, res, next) => {
    onAnswer(res, (body) => {
      if (res.headersSent || !JSON_TYPE.test(String(res.getHeader('Content-Type') ?? ''))) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return undefined; // not JSON after all: sent as it is
      }
      const written = Buffer.from(spellJson(parsed, spelling));
      if (res.hasHeader('Content-Length')) res.setHeader('Content-Length', written.length);
      return written;
    });
    next();
  };
}

/** Calls `seen` when the head of `res` is about to be written (after every header is set). */
function beforeHead(res: Response, seen: () => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { writeHead: (...args: unknown[]) => Response }).writeHead = (...args) => {
    if (!res.headersSent) seen();
    return writeHead(...args);
  };
}

/** Variant `bv5-behind-nginx`: the Server header of the nginx in front. */
export const NGINX_SERVER = 'nginx/1.26.2';
/** Variant `bv5-behind-nginx`: nginx's default keepalive_timeout. */
export const NGINX_KEEPALIVE_MS = 75_000;

/**
 * Variants `bv5-reason-phrase-unprocessable-content`, `bv5-content-type-spring-charset`,
 * `bv5-behind-nginx`, `bv5-rails-runtime-header`: what the head of every answer says besides the
 * reference's, set when it is written. Undefined (nothing mounted) when none of them is on.
 */
export function answerHeaders(variants: VariantSet): RequestHandler | undefined {
  const reason = variants.has('bv5-reason-phrase-unprocessable-content');
  const spring = variants.has('bv5-content-type-spring-charset');
  const nginx = variants.has('bv5-behind-nginx');
  const runtime = variants.has('bv5-rails-runtime-header');
  if (!reason && !spring && !nginx && !runtime) return undefined;
  return (_req, res, next) => {
    const started = process.hrtime.bigint();
    if (nginx) res.setHeader('Server', NGINX_SERVER);
    beforeHead(res, () => {
      // RFC 9110 §15.5.21's name for 422 (Node still writes RFC 4918's "Unprocessable Entity").
      if (reason && res.statusCode === 422) res.statusMessage = 'Unprocessable Content';
      if (spring && JSON_TYPE.test(String(res.getHeader('Content-Type') ?? '')))
        res.setHeader('Content-Type', 'application/json;charset=UTF-8');
      // nginx answers a kept-alive connection with `Connection: keep-alive` alone (Node adds `Keep-Alive: timeout=5`
      // unless the answer names its connection itself).
      if (nginx && res.shouldKeepAlive && !res.hasHeader('Connection'))
        res.setHeader('Connection', 'keep-alive');
      if (runtime) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        res.setHeader('X-Runtime', seconds.toFixed(6));
      }
    });
    next();
  };
}

/** A header name as Go's textproto.CanonicalMIMEHeaderKey writes it: each dash-separated word capitalised. */
export function goCanonicalName(name: string): string {
  return name
    .toLowerCase()
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-');
}

/**
 * Variant `bv5-header-names-go-canonical`: when the head is written, every header set so far under
 * its canonical name, in sorted order (Go's Header.Write); Node still appends its connection
 * headers after them, as Go appends its own.
 */
export function goCanonicalHeaders(): RequestHandler {
  return (_req, res, next) => {
    beforeHead(res, () => {
      const headers = res
        .getHeaderNames()
        .map((name) => [goCanonicalName(name), res.getHeader(name)!] as const);
      for (const [name] of headers) res.removeHeader(name);
      headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [name, value] of headers) res.setHeader(name, value);
    });
    next();
  };
}

/** Variant `bv5-vary-spring-cors-lines`: the Vary field lines Spring's CORS processing adds to every answer. */
export function springVary(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Vary', ['Origin', 'Access-Control-Request-Method', 'Access-Control-Request-Headers']);
    next();
  };
}

/** Kestrel's alphabet for connection ids (CorrelationIdGenerator): 32 symbols, 5 bits each. */
const KESTREL_SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
/** .NET ticks (100 ns) between 0001-01-01 and the Unix epoch. */
const EPOCH_TICKS = 621_355_968_000_000_000n;

/** A 64-bit connection number as Kestrel writes it: 13 symbols, the highest bits first. */
export function kestrelConnectionId(number: bigint): string {
  let id = '';
  for (let shift = 60n; shift >= 0n; shift -= 5n) id += KESTREL_SYMBOLS[Number((number >> shift) & 31n)];
  return id;
}

/**
 * Variant `bv5-request-id-aspnet-trace-identifier`: each request's id is ASP.NET Core's
 * TraceIdentifier, `<connection id>:<request number on the connection, 8 upper-case hex digits>`;
 * connection ids count up from the clock's time in .NET ticks, as Kestrel seeds them.
 */
export function kestrelTraceIdentifiers(clock: Clock): RequestHandler {
  let lastConnection = BigInt(clock.now()) * 10_000n + EPOCH_TICKS;
  const connections = new WeakMap<Socket, { id: string; requests: number }>();
  return (req, res, next) => {
    let connection = connections.get(req.socket);
    if (connection === undefined) {
      lastConnection += 1n;
      connection = { id: kestrelConnectionId(lastConnection), requests: 0 };
      connections.set(req.socket, connection);
    }
    connection.requests += 1;
    const number = connection.requests.toString(16).toUpperCase().padStart(8, '0');
    res.locals.requestId = `${connection.id}:${number}`;
    next();
  };
}

/** Every query parameter name of the API (§4's tables and the statistics endpoints'). */
const QUERY_NAMES: ReadonlyMap<string, string> = new Map(
  [...GAME_PARAMETER_NAMES, 'game_id', 'granularity', 'from', 'to', 'metric', 'resolution', 'timezone'].map(
    (name) => [name.toLowerCase(), name],
  ),
);

/** One `name=value` of a query string with its name as the API writes it when it names a parameter ignoring case. */
function nameAsWritten(pair: string): string {
  const at = pair.indexOf('=');
  const sent = at < 0 ? pair : pair.slice(0, at);
  let decoded: string;
  try {
    decoded = decodeURIComponent(sent.replaceAll('+', ' '));
  } catch {
    return pair;
  }
  const known = QUERY_NAMES.get(decoded.toLowerCase());
  if (known === undefined || known === decoded) return pair;
  return `${known}${at < 0 ? '' : pair.slice(at)}`;
}

/**
 * Variant `bv5-query-names-case-insensitive`: the query read with each parameter name matched
 * ignoring case (ASP.NET Core's model binding), the URL the routes and the links read written with
 * the API's names; values as sent.
 */
export function queryNamesMatchedIgnoringCase(): RequestHandler {
  const rewrite = (url: string): string => {
    const at = url.indexOf('?');
    if (at < 0) return url;
    return `${url.slice(0, at)}?${url
      .slice(at + 1)
      .split('&')
      .map(nameAsWritten)
      .join('&')}`;
  };
  return (req, _res, next) => {
    req.url = rewrite(req.url);
    req.originalUrl = rewrite(req.originalUrl);
    next();
  };
}

/** A tag group as GET /tags serves it (ids as the served list has them). */
interface TagGroupLike {
  id: unknown;
  name: unknown;
  values: unknown;
}

/** Variant `bv5-tag-group-parameter-member`: each group with the GET /games filter parameter its ids feed. */
export function withFilterParameters<T extends { data: ReadonlyArray<TagGroupLike> }>(
  list: T,
  taxonomy: Taxonomy,
): T {
  const keys = new Map<unknown, CategoryKey>(taxonomy.groups.map((group) => [group.id, group.key]));
  return {
    ...list,
    data: list.data.map(({ id, name, values, ...rest }) => {
      const key = keys.get(id);
      return key === undefined
        ? { id, name, ...rest, values }
        : { id, name, parameter: tagParameters(key)[0], ...rest, values };
    }),
  };
}

/** Variant `bv5-activity-weekday-monday-zero`: ISO weekdays (1 = Monday … 7 = Sunday) as Python's 0 … 6, same order. */
export function weekdaysFromZero(result: DomainResult<unknown>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as { data: Array<{ weekday: number }> };
  return { ok: { ...answer, data: answer.data.map((cell) => ({ ...cell, weekday: cell.weekday - 1 })) } };
}
