/**
 * Types of the suite's HTTP client (implementation: see the class in this file once written).
 * Built on undici; rate-limit aware; never writes the key anywhere.
 */

/** Which credentials a request carries. */
export type AuthChoice =
  | 'primary'
  | 'none'
  | 'low-limit'
  | 'revoked'
  /** Exact raw Authorization header value(s) — for malformed-key checks. Redacted in records all the same. */
  | { raw: string | string[] };

/** Query parameters in order; repeats allowed (`[['codebase_tag_id[]', 3], ['codebase_tag_id[]', 5]]`). */
export type QueryPairs = Array<[string, string | number]>;

export interface RequestOptions {
  method?: string;
  query?: QueryPairs;
  /** Appended verbatim after `?` (for malformed inputs such as `%zz`); exclusive with `query`. */
  rawQuery?: string;
  auth?: AuthChoice;
  headers?: Record<string, string>;
  /** Resolve the path against the origin instead of the base URL (for `/json.php`). */
  fromOrigin?: boolean;
  timeoutMs?: number;
  /**
   * Rate-limit checks: send immediately, do not pace or wait on 429 (the response is returned as is).
   * Every other request is paced by the client and retried once after Retry-After on a 429.
   */
  unpaced?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  /** Headers as sent, with the key replaced by `$API_KEY` (or `$LOW_LIMIT_KEY`, `$REVOKED_KEY`). */
  headers: Record<string, string | string[]>;
  /** `curl -sS -i -H 'Authorization: Bearer $API_KEY' 'URL'` */
  curl: string;
}

export interface ApiResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** Parsed JSON body; undefined when the body is not JSON (see `text`). */
  body: unknown;
  /** The body as text (capped at the response-size limit). */
  text: string;
  /** True when the body parsed as JSON. */
  isJson: boolean;
  /** Absolute URL requested. */
  url: string;
  request: RecordedRequest;
  durationMs: number;
  /** The server's `Date` header in epoch ms, when present and valid. */
  serverDate?: number;
}

export interface ApiClient {
  /** The base URL, ending in the API prefix (e.g. `http://127.0.0.1:8080/api/v1`), no trailing slash. */
  readonly baseUrl: string;
  /** Requests sent so far in this run (the `--max-requests` budget counts these). */
  readonly requestCount: number;
  /** `path` is relative to the base URL (`/games/12`) unless `fromOrigin`. */
  request(path: string, options?: RequestOptions): Promise<ApiResponse>;
  get(path: string, options?: Omit<RequestOptions, 'method'>): Promise<ApiResponse>;
  /** Fetches an absolute URL the server gave (pagination links); refuses another origin. */
  getAbsolute(url: string, options?: Omit<RequestOptions, 'method' | 'query' | 'rawQuery'>): Promise<ApiResponse>;
}
