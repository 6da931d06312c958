/**
 * What the variants of blind set 1 (set-1.ts) do where it is more than a line at its guard: the
 * answer rewriter (JSON text, Content-Type, framing, connection, compression, error messages),
 * the request ids, the orders and the statistics' names. Nothing here runs unless one of those
 * variants is on.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import type { DomainResult } from '../domain/domain-result.ts';
import type { ActivityCell } from '../domain/activity-pattern.ts';
import type { TagList } from '../domain/tags.ts';
import { onAnswer } from '../respond.ts';
import type { VariantSet } from '../variants.ts';

/** How the answer rewriter writes JSON text (each option one variant). */
interface JsonStyle {
  indent: boolean;
  sortKeys: boolean;
  escapeSlashes: boolean;
  averageTwoDecimals: boolean;
}

/** A JSON string literal, `/` escaped as `\/` when asked (a `/` in JSON.stringify's output is always a literal one). */
function quote(text: string, style: JsonStyle): string {
  const quoted = JSON.stringify(text);
  return style.escapeSlashes ? quoted.replaceAll('/', '\\/') : quoted;
}

/** `average_rating` with two decimals when that spelling denotes the very same number. */
function numberText(value: number, key: string | undefined, style: JsonStyle): string {
  if (style.averageTwoDecimals && key === 'average_rating' && Number.isFinite(value)) {
    const fixed = value.toFixed(2);
    if (Number(fixed) === value) return fixed;
  }
  return JSON.stringify(value);
}

/** `value` (parsed JSON) written as JSON text in `style`; compact with every option off, as JSON.stringify. */
export function writeJson(value: unknown, style: JsonStyle, key?: string, depth = 0): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return numberText(value, key, style);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return quote(value, style);
  const inner = style.indent ? `\n${'  '.repeat(depth + 1)}` : '';
  const outer = style.indent ? `\n${'  '.repeat(depth)}` : '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => writeJson(item, style, undefined, depth + 1));
    return `[${inner}${items.join(`,${inner}`)}${outer}]`;
  }
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  if (style.sortKeys) names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0) return '{}';
  const colon = style.indent ? ': ' : ':';
  const members = names.map(
    (name) => `${quote(name, style)}${colon}${writeJson(record[name], style, name, depth + 1)}`,
  );
  return `{${inner}${members.join(`,${inner}`)}${outer}}`;
}

/** Variant `bv1-error-messages-reworded`: the one message of each error code. */
const REWORDED: Record<string, string> = {
  authentication_required: 'Authentication required.',
  invalid_api_key: 'Invalid API key.',
  route_not_found: 'Not found.',
  game_not_found: 'Game not found.',
  review_not_found: 'Review not found.',
  method_not_allowed: 'Method not allowed.',
  endpoint_retired: 'Gone.',
  gone: 'Gone.',
  invalid_filter: 'Invalid filter.',
  invalid_date_range: 'Invalid date range.',
  invalid_statistics_query: 'Invalid statistics query.',
  rate_limit_exceeded: 'Too many requests.',
  internal_error: 'Internal server error.',
  statistics_pending: 'Statistics pending.',
  statistics_unavailable: 'Statistics unavailable.',
};

/** An error envelope's message reworded (variant `bv1-error-messages-reworded`); other bodies as they are. */
function rewordedError(body: unknown): unknown {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return body;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return body;
  (error as { message: string }).message = REWORDED[code] ?? 'Request failed.';
  return body;
}

/** Whether an Accept-Encoding value accepts gzip (RFC 9110 §12.5.3: `gzip`, `x-gzip` or `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    const name = coding.toLowerCase();
    if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (name === '*') any = q;
  }
  return (gzip ?? any ?? 0) > 0;
}

/** Adds `field` to the answer's Vary header. */
function vary(res: Response, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined || current === '') res.setHeader('Vary', field);
  else if (
    !String(current)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    res.setHeader('Vary', `${String(current)}, ${field}`);
}

const REWRITING = [
  'bv1-json-pretty-printed',
  'bv1-json-keys-sorted',
  'bv1-json-slashes-escaped',
  'bv1-average-rating-two-decimals',
  'bv1-content-type-without-charset',
  'bv1-chunked-transfer',
  'bv1-connection-close',
  'bv1-gzip-when-accepted',
  'bv1-error-messages-reworded',
] as const;

/**
 * The layer that writes every answer's bytes, for the variants of set 1 that choose how: the JSON
 * text, the Content-Type, the framing, the connection, the compression and the error messages.
 * Undefined (nothing mounted) when none of them is on.
 */
export function answerRewriter(variants: VariantSet): RequestHandler | undefined {
  if (!REWRITING.some((name) => variants.has(name))) return undefined;
  const style: JsonStyle = {
    // Blind variant `bv1-json-pretty-printed`: JSON indented by two spaces.
    indent: variants.has('bv1-json-pretty-printed'),
    // Blind variant `bv1-json-keys-sorted`: object members in alphabetical order.
    sortKeys: variants.has('bv1-json-keys-sorted'),
    // Blind variant `bv1-json-slashes-escaped`: `/` written `\/` in strings.
    escapeSlashes: variants.has('bv1-json-slashes-escaped'),
    // Blind variant `bv1-average-rating-two-decimals`: `average_rating` spelled with two decimals.
    averageTwoDecimals: variants.has('bv1-average-rating-two-decimals'),
  };
  // Blind variant `bv1-error-messages-reworded`: one fixed message per error code.
  const reword = variants.has('bv1-error-messages-reworded');
  const rewritesJson =
    reword || style.indent || style.sortKeys || style.escapeSlashes || style.averageTwoDecimals;
  // Blind variant `bv1-content-type-without-charset`: `application/json`, no charset parameter.
  const bareType = variants.has('bv1-content-type-without-charset');
  // Blind variant `bv1-chunked-transfer`: bodies sent chunked, without Content-Length.
  const chunked = variants.has('bv1-chunked-transfer');
  // Blind variant `bv1-connection-close`: the connection closed after every answer.
  const close = variants.has('bv1-connection-close');
  // Blind variant `bv1-gzip-when-accepted`: gzip when the request accepts it.
  const gzip = variants.has('bv1-gzip-when-accepted');

  return (req, res, next) => {
    if (close) res.setHeader('Connection', 'close');
    if (gzip) vary(res, 'Accept-Encoding');
    onAnswer(res, (sent) => {
      // Headers already sent (a body begun with write): nothing is left to set, the end goes out as it is.
      if (res.headersSent) return undefined;
      let body = sent;
      if (/^application\/json\b/i.test(String(res.getHeader('Content-Type') ?? ''))) {
        if (rewritesJson) {
          try {
            const parsed: unknown = JSON.parse(body.toString('utf8'));
            body = Buffer.from(writeJson(reword ? rewordedError(parsed) : parsed, style));
          } catch {
            // Not JSON after all: sent as it is.
          }
        }
        if (bareType) res.setHeader('Content-Type', 'application/json');
      }
      if (gzip && body.length > 0 && acceptsGzip(req.headers['accept-encoding'])) {
        body = gzipSync(body);
        res.setHeader('Content-Encoding', 'gzip');
      }
      // Content-Length removed, not just unset (Node would write one): the body goes out chunked.
      if (chunked) res.removeHeader('Content-Length');
      else res.setHeader('Content-Length', body.length);
      return body;
    });
    next();
  };
}

/** Blind variant `bv1-request-id-prefixed`: each request's id `req_` and 24 hex digits, in place of the UUID. */
export function prefixedRequestIds(): RequestHandler {
  return (_req, res, next) => {
    res.locals.requestId = `req_${randomBytes(12).toString('hex')}`;
    next();
  };
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Blind variant `bv1-tags-by-name`: the groups, and each group's values, by name. */
export function tagsByName<T extends TagList>(list: T): T {
  return {
    ...list,
    data: list.data.map((group) => ({ ...group, values: [...group.values].sort(byName) })).sort(byName),
  };
}

/** Blind variant `bv1-custom-tags-by-name`: custom tags by name. */
export function customTagsByName<T extends { name: string }>(tags: readonly T[]): T[] {
  return [...tags].sort(byName);
}

/** Blind variant `bv1-activity-weekday-sunday-zero`: ISO weekdays (1 = Monday … 7 = Sunday) as 0 = Sunday … 6, cells from Sunday 00h. */
export function cellsFromSunday(result: DomainResult<unknown>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as { data: ActivityCell[] };
  const data = answer.data
    .map((cell) => ({ ...cell, weekday: cell.weekday % 7 }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  return { ok: { ...answer, data } };
}

/** Blind variant `bv1-statistics-point-names`: each point's fields under the names of this server. */
export function renamedPoints(result: DomainResult<unknown>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as {
    data: Array<{
      date: number;
      count: number;
      average: number | null;
      min: number | null;
      max: number | null;
    }>;
  };
  const data = answer.data.map(({ date, count, average, min, max }) => ({
    timestamp: date,
    observations: count,
    avg: average,
    min,
    max,
  }));
  return { ok: { ...answer, data } };
}
