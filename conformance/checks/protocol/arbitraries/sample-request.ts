/** A request the protocol, auth and rate-limit checks send: what, where, with which key. */
import type { AuthChoice, QueryPairs } from '../../../src/core/http-client.ts';

export interface SampleRequest {
  /** What the request is meant to provoke, for reports (`ok`, `unknown-route`, …). */
  kind: string;
  method: string;
  /** Relative to the base URL. */
  path: string;
  query: QueryPairs;
  auth: AuthChoice;
}

/** The kinds whose answer comes after authentication and rate-limit accounting (§7: 200, 404, 405, 422). */
export const AUTHENTICATED_KINDS = [
  'ok',
  'unknown-game',
  'unknown-route',
  'method',
  'invalid-filter',
  'invalid-date-range',
];
