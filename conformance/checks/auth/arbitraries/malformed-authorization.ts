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

export const malformedAuthorizationArbitrary: fc.Arbitrary<RawAuthorization> = fc.oneof(
  fc.constantFrom<RawAuthorization>(...MALFORMED_EXAMPLES),
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
