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
