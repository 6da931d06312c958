/**
 * Authorization values that are not `Bearer <token>` (DECISIONS D51, strict: each is a
 * malformed key, 401 `invalid_api_key`). Tokens are random, so no value can be a real key.
 * `bearer <token>` is absent on purpose: auth schemes are case-insensitive (RFC 9110 §11.1),
 * so a lower-case scheme is well-formed (and is covered, with unknown tokens, by AUTH-UNKNOWN-KEY).
 */
import fc from 'fast-check';

const token = fc.stringMatching(/^[A-Za-z0-9._~+/-]{8,40}$/);

/** A raw Authorization value, or several for a repeated header. */
export type RawAuthorization = string | string[];

export const MALFORMED_EXAMPLES: RawAuthorization[] = ['Bearer', 'Basic dXNlcjpwYXNzd29yZA==', 'Token', ''];

/**
 * Tokens outside the b64token grammar (RFC 6750 §2.1) that fuzzers and scanners send: SQL and
 * template text, percent escapes (a server decoding the token meets `%zz`), markup. A key lookup
 * that splices the token into a query, or decodes it, answers something else than 401.
 */
export const HOSTILE_TOKENS = [
  "x'OR'1'='1",
  '%zz',
  "' OR 1=1 --",
  '%',
  '" or ""="',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '*',
  '\\',
  '%00',
] as const;

export const malformedAuthorizationArbitrary: fc.Arbitrary<RawAuthorization> = fc.oneof(
  fc.constantFrom<RawAuthorization>(...MALFORMED_EXAMPLES),
  fc.constantFrom(...HOSTILE_TOKENS).map((t) => `Bearer ${t}`),
  token.map((t) => `Basic ${Buffer.from(`user:${t}`).toString('base64')}`),
  fc
    .tuple(
      fc.constantFrom('Token', 'ApiKey', 'Digest', 'Key', 'JWT', 'Bearer:', 'Bearer-Token', 'Bearer='),
      token,
    )
    .map(([scheme, t]) => `${scheme} ${t}`),
  fc.tuple(token, token).map(([a, b]) => `Bearer ${a} ${b}`),
  token,
  fc.tuple(token, token).map(([a, b]): RawAuthorization => [`Bearer ${a}`, `Bearer ${b}`]),
);
