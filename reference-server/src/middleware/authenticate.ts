import type { Request, RequestHandler, Response } from 'express';
import type { ApiKeyRecord } from '../../../fixtures/src/model.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import { keyBySqlText, tokenPercentDecoded } from '../blind-faults/set-29-hostile.ts';
import { headerValuesNfkc } from '../blind-faults/set-30-text.ts';
import { refusedByKeyIdCache } from '../blind-faults/set-31-leaks.ts';
import { commaListedKey } from '../blind-faults/set-37-hotfixes.ts';
import { keyByLikePattern } from '../blind-faults/set-38-database.ts';
import { ERRORS, errorEnvelope } from '../errors.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import { RateLimiter } from '../rate-limiter.ts';
import { sendError } from '../respond.ts';
import { NO_VARIANTS, type VariantSet } from '../variants.ts';

/** §5.4 with the service name of D35. */
export const WWW_AUTHENTICATE = 'Bearer realm="Mudverse API"';
/** Variant `service-name-gamedir`: another name for the service (D35). */
const WWW_AUTHENTICATE_GAMEDIR = 'Bearer realm="GameDir API"';

/** D51: `Bearer <token>`, the token printable non-space ASCII (the scheme is case-insensitive, RFC 9110 §11.1). */
const BEARER = /^bearer +([\x21-\x7e]+)$/i;
/** A header field's leading and trailing optional whitespace (RFC 9110 §5.5: SP and HTAB only). */
const OWS_AROUND = /^[ \t]+|[ \t]+$/g;
/** Blind fault `blind-other-scheme-accepted`: any scheme word before the token. */
const ANY_SCHEME = /^[A-Za-z][A-Za-z0-9-]* +([\x21-\x7e]+)$/;
/** Blind fault `blind-empty-credentials-authentication-required`: a header with no token read as no header. */
const NO_TOKEN = /^(bearer)?$/i;
/** Variant `bearer-scheme-case-sensitive`: the scheme spelled exactly as §5.1 shows it. */
const BEARER_EXACT = /^Bearer +([\x21-\x7e]+)$/;
/** Blind fault `blind26-bare-key-accepted`: a header value that is a token alone, no scheme. */
const BARE_KEY = /^([\x21-\x7e]+)$/;

/** Blind fault `blind11-key-matched-by-prefix`: the characters a key is identified by. */
const KEY_PREFIX_LENGTH = 12;

/** Fault `statistics-without-key`: whom an anonymous statistics request is counted against. */
const ANONYMOUS: ApiKeyRecord = {
  key: 'anonymous',
  label: 'anonymous',
  per_minute: 60,
  per_day: 10_000,
  revoked: false,
};

export type Credentials = { kind: 'missing' } | { kind: 'malformed' } | { kind: 'token'; token: string };

/**
 * Reads the Authorization header from the raw header list: Node keeps only the first
 * of duplicated Authorization headers in `req.headers`, and two of them are malformed (D51).
 */
export function readCredentials(rawHeaders: readonly string[], bearer: RegExp = BEARER): Credentials {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'authorization') values.push(rawHeaders[i + 1]!);
  }
  if (values.length === 0) return { kind: 'missing' };
  // Only the field's optional whitespace (SP, HTAB; RFC 9110 §5.5) is around the credentials: a
  // no-break space, form feed or vertical tab before or after the token (which String#trim would
  // take away) leaves the header malformed.
  const match = values.length === 1 ? bearer.exec(values[0]!.replace(OWS_AROUND, '')) : null;
  return match ? { kind: 'token', token: match[1]! } : { kind: 'malformed' };
}

/** Blind fault `blind15-auth-remembered-per-connection`: the key each connection authenticated with. */
const keysOfConnections = new WeakMap<object, ApiKeyRecord>();

/**
 * §5.3: no header → 401 `authentication_required`; malformed, unknown or revoked key →
 * 401 `invalid_api_key`. Runs before routing and the method check (D28, D29). A 401
 * carries the Bearer challenge but no rate-limit headers or X-Request-ID (D36).
 */
export function authenticate(
  keys: ReadonlyMap<string, ApiKeyRecord>,
  faults: FaultSet = NO_FAULTS,
  variants: VariantSet = NO_VARIANTS,
): RequestHandler {
  const bearer = variants.has('bearer-scheme-case-sensitive') ? BEARER_EXACT : BEARER;
  // Blind fault `blind26-failed-auth-rate-limited`: failed authentications counted per client address.
  const failures = blindFault(faults, 'blind26-failed-auth-rate-limited') ? new RateLimiter() : undefined;
  const challenge = variants.has('service-name-gamedir') ? WWW_AUTHENTICATE_GAMEDIR : WWW_AUTHENTICATE;
  return (req, res, next) => {
    // Blind fault `blind12-challenge-on-every-response`: the challenge set before the key is checked.
    if (blindFault(faults, 'blind12-challenge-on-every-response'))
      res.setHeader('WWW-Authenticate', challenge);
    // Blind fault `blind30-authorization-nfkc-normalised`: the header values NFKC-normalised before they are read.
    let credentials = readCredentials(
      blindFault(faults, 'blind30-authorization-nfkc-normalised')
        ? headerValuesNfkc(req.rawHeaders)
        : req.rawHeaders,
      bearer,
    );
    // Blind fault `blind7-bearer-extra-words-accepted`: the token read as the header's second word, the rest ignored.
    if (blindFault(faults, 'blind7-bearer-extra-words-accepted') && credentials.kind === 'malformed') {
      const values = req.rawHeaders.filter(
        (_, i) => i % 2 === 1 && req.rawHeaders[i - 1]!.toLowerCase() === 'authorization',
      );
      const words = values.length === 1 ? values[0]!.trim().split(' ') : [];
      if (words.length > 2 && /^bearer$/i.test(words[0]!) && words[1]) {
        credentials = { kind: 'token', token: words[1] };
      }
    }
    // Blind fault `blind-other-scheme-accepted`: the scheme word is skipped, not checked.
    // Blind fault `blind26-bare-key-accepted`: the header read as holding the key, the scheme optional.
    if (blindFault(faults, 'blind26-bare-key-accepted') && credentials.kind === 'malformed') {
      const bare = readCredentials(req.rawHeaders, BARE_KEY);
      if (bare.kind === 'token' && keys.has(bare.token)) credentials = bare;
    }
    if (blindFault(faults, 'blind-other-scheme-accepted') && credentials.kind === 'malformed') {
      const other = readCredentials(req.rawHeaders, ANY_SCHEME);
      if (other.kind === 'token') credentials = other;
    }
    // Fault `api-key-query-param-accepted`: a key smuggled in the query string authenticates.
    // (Express 5 parses the query string again on every read of req.query: read only with the fault on.)
    if (faults.has('api-key-query-param-accepted') && credentials.kind === 'missing') {
      const smuggled = req.query.api_key;
      if (typeof smuggled === 'string') credentials = { kind: 'token', token: smuggled };
    }
    // Fault `statistics-without-key`: the statistics endpoints let anonymous requests through.
    if (
      faults.has('statistics-without-key') &&
      credentials.kind === 'missing' &&
      /\/(statistics|activity-pattern)\/?$/.test(req.path)
    ) {
      res.locals.apiKey = ANONYMOUS;
      next();
      return;
    }
    // Blind fault `blind12-tags-served-without-key`: the taxonomy let through as public reference data.
    if (
      blindFault(faults, 'blind12-tags-served-without-key') &&
      credentials.kind === 'missing' &&
      /^\/tags\/?$/.test(req.path)
    ) {
      res.locals.apiKey = ANONYMOUS;
      next();
      return;
    }
    // Blind fault `blind3-x-api-key-header-accepted`: the key also read from an X-API-Key header.
    const apiKeyHeader = req.headers['x-api-key'];
    if (
      blindFault(faults, 'blind3-x-api-key-header-accepted') &&
      credentials.kind === 'missing' &&
      typeof apiKeyHeader === 'string'
    ) {
      credentials = { kind: 'token', token: apiKeyHeader };
    }
    // Blind fault `blind27-quoted-bearer-token-accepted`: the credentials read by the challenge's auth-param parser.
    if (blindFault(faults, 'blind27-quoted-bearer-token-accepted') && credentials.kind === 'token') {
      const quoted = /^"(.+)"$/.exec(credentials.token);
      if (quoted !== null && keys.has(quoted[1]!)) credentials = { kind: 'token', token: quoted[1]! };
    }
    // Blind fault `blind29-token-percent-decoded`: the token percent-decoded (a broken escape throws).
    if (blindFault(faults, 'blind29-token-percent-decoded') && credentials.kind === 'token')
      credentials = { kind: 'token', token: tokenPercentDecoded(credentials.token) };
    // Blind fault `blind37-comma-listed-keys-any-valid`: a comma-separated list of keys, the first valid one taken.
    if (blindFault(faults, 'blind37-comma-listed-keys-any-valid')) {
      const listed = commaListedKey(req.rawHeaders, (token) => keys.get(token)?.revoked === false);
      if (listed !== undefined) credentials = { kind: 'token', token: listed };
    }
    let record = credentials.kind === 'token' ? keys.get(credentials.token) : undefined;
    // Blind fault `blind29-key-lookup-sql-injection`: the key looked up by a query built as text.
    if (blindFault(faults, 'blind29-key-lookup-sql-injection') && !record && credentials.kind === 'token')
      record = keyBySqlText(credentials.token, keys);
    // Blind fault `blind-key-extra-suffix-accepted`: keys matched on the stored key's length only.
    if (blindFault(faults, 'blind-key-extra-suffix-accepted') && !record && credentials.kind === 'token') {
      const { token } = credentials;
      record = [...keys.values()].find((candidate) => token.startsWith(candidate.key));
    }
    // Blind fault `blind11-key-matched-by-prefix`: keys identified by their first 12 characters, the rest never compared.
    if (blindFault(faults, 'blind11-key-matched-by-prefix') && !record && credentials.kind === 'token') {
      const prefix = credentials.token.slice(0, KEY_PREFIX_LENGTH);
      if (prefix.length === KEY_PREFIX_LENGTH) {
        record = [...keys.values()].find((candidate) => candidate.key.slice(0, KEY_PREFIX_LENGTH) === prefix);
      }
    }
    // Blind fault `blind2-key-case-insensitive`: keys compared under a case-insensitive collation.
    if (blindFault(faults, 'blind2-key-case-insensitive') && !record && credentials.kind === 'token') {
      const token = credentials.token.toLowerCase();
      record = [...keys.values()].find((candidate) => candidate.key.toLowerCase() === token);
    }
    // Blind fault `blind38-key-lookup-like-pattern`: the key looked up with LIKE, `%` and `_` wildcards.
    if (blindFault(faults, 'blind38-key-lookup-like-pattern') && !record && credentials.kind === 'token')
      record = keyByLikePattern(credentials.token, keys);
    // Blind fault `blind31-key-refusal-cached-by-prefix`: a refusal cached under the key's id (its first 12 characters).
    if (
      blindFault(faults, 'blind31-key-refusal-cached-by-prefix') &&
      credentials.kind === 'token' &&
      refusedByKeyIdCache(faults, credentials.token, record, res.locals.context.clock.now())
    ) {
      record = undefined;
    }
    if (
      record &&
      (!record.revoked ||
        faults.has('revoked-key-accepted') ||
        // Blind fault `blind4-revoked-key-statistics-accepted`: the statistics routes' own key lookup skips the revoked flag.
        (blindFault(faults, 'blind4-revoked-key-statistics-accepted') &&
          /\/(statistics|activity-pattern)\/?$/.test(req.path)))
    ) {
      res.locals.apiKey = record;
      // Blind fault `blind15-auth-remembered-per-connection`: the key kept on the kept-alive connection.
      if (blindFault(faults, 'blind15-auth-remembered-per-connection'))
        keysOfConnections.set(req.socket, record);
      next();
      return;
    }
    // Blind fault `blind15-auth-remembered-per-connection`: a refused request served as the connection's earlier key.
    const remembered = blindFault(faults, 'blind15-auth-remembered-per-connection')
      ? keysOfConnections.get(req.socket)
      : undefined;
    if (remembered !== undefined) {
      res.locals.apiKey = remembered;
      next();
      return;
    }
    if (failures !== undefined && countedFailure(failures, req, res)) return;
    if (!faults.has('no-www-authenticate')) res.setHeader('WWW-Authenticate', challenge);
    // Blind variant `bv3-bearer-challenge-error-attribute`: RFC 6750 §3's error attribute once a key was sent.
    if (variants.has('bv3-bearer-challenge-error-attribute') && credentials.kind !== 'missing')
      res.setHeader('WWW-Authenticate', `${challenge}, error="invalid_token"`);
    // Blind fault `blind2-realm-without-api-suffix`: the realm is the service name alone.
    if (blindFault(faults, 'blind2-realm-without-api-suffix') && res.hasHeader('WWW-Authenticate')) {
      res.setHeader('WWW-Authenticate', challenge.replace(' API"', '"'));
    }
    // Blind fault `blind-invalid-key-challenge-without-realm`: the bad-key branch writes a bare challenge.
    if (blindFault(faults, 'blind-invalid-key-challenge-without-realm') && credentials.kind !== 'missing') {
      res.setHeader('WWW-Authenticate', 'Bearer');
    }
    // Blind fault `blind5-revoked-key-no-challenge`: the revoked-key branch answers without the challenge.
    if (blindFault(faults, 'blind5-revoked-key-no-challenge') && record?.revoked) {
      res.removeHeader('WWW-Authenticate');
    }
    // Blind fault `blind10-realm-unquoted`: the challenge built by a template without the quotes.
    if (blindFault(faults, 'blind10-realm-unquoted') && res.hasHeader('WWW-Authenticate')) {
      res.setHeader('WWW-Authenticate', String(res.getHeader('WWW-Authenticate')).replace(/"/g, ''));
    }
    // Blind fault `blind10-missing-key-no-challenge`: the missing-header branch returns before the challenge is set.
    if (blindFault(faults, 'blind10-missing-key-no-challenge') && credentials.kind === 'missing') {
      res.removeHeader('WWW-Authenticate');
    }
    // Blind fault `blind25-statistics-401-without-challenge`: the statistics router's own guard sets no challenge.
    if (
      blindFault(faults, 'blind25-statistics-401-without-challenge') &&
      /\/(statistics|activity-pattern)\/?$/.test(req.path)
    ) {
      res.removeHeader('WWW-Authenticate');
    }
    // Blind fault `blind32-malformed-key-no-challenge`: the malformed-header case returns before the challenge is set.
    if (blindFault(faults, 'blind32-malformed-key-no-challenge') && credentials.kind === 'malformed') {
      res.removeHeader('WWW-Authenticate');
    }
    // D36 leaves open whether a 401 names its request in a header too.
    if (variants.has('request-id-on-401')) res.setHeader('X-Request-ID', res.locals.requestId);
    // Blind fault `blind-revoked-key-403`: a known but revoked key is "forbidden", not "unauthorized".
    if (blindFault(faults, 'blind-revoked-key-403') && record?.revoked) {
      res
        .status(403)
        .json(errorEnvelope('invalid_api_key', res.locals.requestId, ERRORS.invalid_api_key.message));
      return;
    }
    // Blind fault `blind13-malformed-authorization-400`: a header that is no Bearer credential refused as a bad request (RFC 6750's invalid_request).
    if (blindFault(faults, 'blind13-malformed-authorization-400') && credentials.kind === 'malformed') {
      res
        .status(400)
        .json(errorEnvelope('invalid_api_key', res.locals.requestId, ERRORS.invalid_api_key.message));
      return;
    }
    // Blind fault `blind18-bad-key-plain-unauthorized`: the bearer strategy's default failure answer, text/plain `Unauthorized`.
    if (blindFault(faults, 'blind18-bad-key-plain-unauthorized') && credentials.kind !== 'missing') {
      res.status(401).type('text/plain').send('Unauthorized');
      return;
    }
    let missing = credentials.kind === 'missing' && !faults.has('missing-auth-invalid-key-code');
    // Blind fault `blind-empty-credentials-authentication-required`: `if (!token)` taken for "no header".
    if (
      blindFault(faults, 'blind-empty-credentials-authentication-required') &&
      credentials.kind === 'malformed'
    ) {
      const values = req.rawHeaders.filter(
        (_, i) => i % 2 === 1 && req.rawHeaders[i - 1]!.toLowerCase() === 'authorization',
      );
      if (values.length === 1 && NO_TOKEN.test(values[0]!.trim())) missing = true;
    }
    // Blind fault `blind3-revoked-key-authentication-required`: a revoked key's record read as no credentials.
    if (blindFault(faults, 'blind3-revoked-key-authentication-required') && record?.revoked) missing = true;
    // Blind fault `blind9-other-scheme-authentication-required`: a header without Bearer credentials read as no credentials.
    if (
      blindFault(faults, 'blind9-other-scheme-authentication-required') &&
      credentials.kind === 'malformed'
    ) {
      const values = req.rawHeaders.filter(
        (_, i) => i % 2 === 1 && req.rawHeaders[i - 1]!.toLowerCase() === 'authorization',
      );
      if (values.length === 1 && !/^bearer(\s|$)/i.test(values[0]!.trim())) missing = true;
    }
    // Blind fault `blind11-unknown-key-authentication-required`: a token naming no key read as "anonymous", no credentials.
    if (
      blindFault(faults, 'blind11-unknown-key-authentication-required') &&
      credentials.kind === 'token' &&
      !record
    ) {
      missing = true;
    }
    const code = missing ? 'authentication_required' : 'invalid_api_key';
    // Blind fault `blind15-revoked-key-own-code`: a revoked key given a more specific code of its own.
    if (blindFault(faults, 'blind15-revoked-key-own-code') && record?.revoked && code === 'invalid_api_key') {
      const envelope = errorEnvelope(code, res.locals.requestId);
      res.status(401).json({
        ...envelope,
        error: { ...envelope.error, code: 'api_key_revoked', message: 'This API key has been revoked.' },
      });
      return;
    }
    // Blind fault `blind9-401-without-request-id`: the middleware writes its own envelope, without the request id.
    if (blindFault(faults, 'blind9-401-without-request-id')) {
      res.status(401).json({ error: { code, message: ERRORS[code].message } });
      return;
    }
    sendError(res, code);
  };
}

/** Blind fault `blind26-failed-auth-rate-limited`: the default budgets a failed authentication is counted against. */
const FAILED_AUTH_LIMITS = { perMinute: 60, perDay: 10_000 };

/**
 * Blind fault `blind26-failed-auth-rate-limited`: counts a failed authentication against the client
 * address and writes the rate-limit headers; answers 429 (and returns true) when the budget is spent.
 */
function countedFailure(failures: RateLimiter, req: Request, res: Response): boolean {
  const decision = failures.consume(`client ${req.ip}`, FAILED_AUTH_LIMITS, res.locals.context.clock.now());
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(decision.reset));
  if (decision.allowed) return false;
  res.setHeader('Retry-After', String(decision.retryAfter ?? 1));
  sendError(res, 'rate_limit_exceeded');
  return true;
}
