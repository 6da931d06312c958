/** Writing responses: JSON bodies and the error envelope of §7. */
import type { Response } from 'express';
import { blindFault } from './blind-faults/set-1.ts';
import { cesu8 } from './blind-faults/set-30-text.ts';
import { ERRORS, errorEnvelope, type ErrorCode, type ErrorEnvelope } from './errors.ts';
import { docUrlOf, errorContext } from './blind-variants/set-4-errors.ts';
import { pydanticDetails } from './blind-variants/set-5-errors.ts';

/** §8: the per-minute limit of a new key (fault `error-limit-header-default`). */
const DEFAULT_PER_MINUTE = 60;

export function sendJson(res: Response, status: number, body: unknown): void {
  if (status !== 200 || res.locals.cacheSlot === undefined) {
    res.status(status).json(body);
    return;
  }
  // What res.json writes: no replacer, spacing or escaping is configured.
  sendJsonText(res, JSON.stringify(body));
}

/** A 200 JSON body already serialised (as JSON.stringify writes it), kept for the second when cacheable. */
export function sendJsonText(res: Response, text: string): void {
  const slot = res.locals.cacheSlot;
  if (slot === undefined) {
    // What res.json does with the text it serialises.
    if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
    res.status(200).send(text);
    return;
  }
  if (!slot.cache.admits(slot.second, slot.key)) {
    // Asked for once so far this second: written as text (Node encodes it into the socket's
    // write), not turned into a Buffer the cache would not keep.
    res.statusCode = 200;
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  const bytes = Buffer.from(text);
  slot.cache.set(slot.second, slot.key, bytes);
  sendJsonBytes(res, bytes);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A 200 JSON body already serialised and encoded (as res.json would), offered to the response
 * cache when cacheable (its `set` keeps it from the second asking within the second).
 */
export function sendJsonBuffer(res: Response, bytes: Buffer): void {
  const slot = res.locals.cacheSlot;
  if (slot !== undefined) slot.cache.set(slot.second, slot.key, bytes);
  sendJsonBytes(res, bytes);
}

/**
 * A 200 JSON body already serialised and encoded, with the headers res.json would give it
 * (Content-Type, then Content-Length), written with Node's own calls: Express's res.send
 * would only look up the settings, the ETag and the freshness this API never uses (no ETag
 * or Last-Modified, so never a 304) before doing the same. Node sends no body for HEAD.
 */
export function sendJsonBytes(res: Response, bytes: Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

export function sendError(res: Response, code: ErrorCode, message?: string, details?: unknown): void {
  const envelope: Partial<ErrorEnvelope> = errorEnvelope(code, res.locals.requestId, message, details);
  const { faults, variants } = res.locals.context;
  if (faults.has('error-without-request-id')) delete envelope.request_id;
  // Blind variant `bv4-error-details-always`: details on every error, the request's method and path at least.
  if (variants.has('bv4-error-details-always') && envelope.error!.details === undefined)
    envelope.error!.details = errorContext(res, code);
  // Blind variant `bv5-validation-details-pydantic`: a 422's details as FastAPI's list of validation errors.
  if (variants.has('bv5-validation-details-pydantic') && ERRORS[code].status === 422)
    envelope.error!.details = pydanticDetails(envelope.error!.message, envelope.error!.details);
  // Blind variant `bv5-error-details-null`: `details` written null when there are none (no `omitempty`).
  if (variants.has('bv5-error-details-null') && envelope.error!.details === undefined)
    envelope.error!.details = null;
  // Blind variant `bv4-error-doc-url`: the error's documentation page.
  if (variants.has('bv4-error-doc-url'))
    envelope.error = { ...envelope.error!, doc_url: docUrlOf(code) } as ErrorEnvelope['error'];
  // Blind fault `blind6-request-id-counter-number`: the sequence's id written into the body as a number.
  if (blindFault(faults, 'blind6-request-id-counter-number') && /^\d+$/.test(envelope.request_id ?? '')) {
    (envelope as { request_id?: unknown }).request_id = Number(envelope.request_id);
  }
  // Blind fault `blind2-route-not-found-flat-error`: the catch-all 404 writes the code as `error` itself.
  if (code === 'route_not_found' && blindFault(faults, 'blind2-route-not-found-flat-error')) {
    res.status(404).json({ error: code, message: envelope.error!.message, request_id: envelope.request_id });
    return;
  }
  // Blind fault `blind36-unknown-route-generic-not-found`: the framework's not-found through a generic error mapper.
  if (code === 'route_not_found' && blindFault(faults, 'blind36-unknown-route-generic-not-found'))
    envelope.error = { code: 'not_found', message: 'Not Found' } as unknown as ErrorEnvelope['error'];
  // Blind fault `blind2-game-not-found-html-content-type`: the body sent as a string, which Express labels HTML.
  if (code === 'game_not_found' && blindFault(faults, 'blind2-game-not-found-html-content-type')) {
    res.status(404).send(JSON.stringify(envelope));
    return;
  }
  // Blind fault `blind5-invalid-filter-without-message`: the validator's details passed on without a message.
  if (code === 'invalid_filter' && blindFault(faults, 'blind5-invalid-filter-without-message')) {
    delete (envelope.error as { message?: string }).message;
  }
  // §7: X-RateLimit-Limit is the key's own limit, set by the rate-limit accounting, on errors too.
  if (faults.has('error-limit-header-default') && res.hasHeader('X-RateLimit-Limit')) {
    res.setHeader('X-RateLimit-Limit', String(DEFAULT_PER_MINUTE));
  }
  // Blind fault `blind-422-without-rate-limit-headers`: validation errors answered from a path that drops them.
  if (ERRORS[code].status === 422 && blindFault(faults, 'blind-422-without-rate-limit-headers')) {
    for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      res.removeHeader(header);
    }
  }
  // Blind fault `blind12-game-not-found-without-rate-limit-headers`: the game's 404 answered from a path that resets the headers.
  if (code === 'game_not_found' && blindFault(faults, 'blind12-game-not-found-without-rate-limit-headers')) {
    for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      res.removeHeader(header);
    }
  }
  // Variant `no-rate-limit-headers-on-503` (D37): §7 does not list 503 among the statuses with them.
  if (ERRORS[code].status === 503 && variants.has('no-rate-limit-headers-on-503')) {
    for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      res.removeHeader(header);
    }
  }
  // Blind faults `blind30-error-content-length-utf16-units`, `blind30-error-body-cesu8`: the error body
  // written by hand, its length counted in UTF-16 code units or its text encoded code unit by code unit.
  const utf16Length = blindFault(faults, 'blind30-error-content-length-utf16-units');
  const cesu = blindFault(faults, 'blind30-error-body-cesu8');
  if (utf16Length || cesu) {
    const text = JSON.stringify(envelope);
    const bytes = cesu ? cesu8(text) : Buffer.from(text, 'utf8');
    res.status(ERRORS[code].status);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', utf16Length ? text.length : bytes.length);
    res.end(bytes);
    return;
  }
  sendJson(res, ERRORS[code].status, envelope);
}

/**
 * Calls `seen` with the body `res` is about to send, when it is written in one `end` (a string or
 * a Buffer), before it goes out; what `seen` returns, if anything, is sent in its place. For the
 * layers that keep or rewrite whole answers (blind faults of set 20, blind variant set 1's answer
 * rewriter).
 */
export function onAnswer(res: Response, seen: (body: Buffer) => Buffer | undefined): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args) => {
    const [chunk, encoding] = args;
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : chunk;
      const sent = seen(body);
      if (sent !== undefined) return end(sent);
    }
    return end(...args);
  };
}
