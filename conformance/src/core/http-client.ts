/**
 * The suite's HTTP client: its types and `HttpApiClient`, built on undici (keep-alive Agent).
 * Rate-limit aware; never follows redirects; never writes a key anywhere.
 */
import { isUtf8 } from 'node:buffer';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import { integerHeader, paceReserve, rateLimitReadingOf, type RateLimitReading } from './budget.ts';

/** Which credentials a request carries. */
export type AuthChoice =
  | 'primary'
  | 'none'
  | 'low-limit'
  | 'day-limited'
  | 'revoked'
  /** Exact raw Authorization header value(s) — for malformed-key checks. Redacted in records all the same. */
  | { raw: string | string[] }
  /**
   * Authorization value(s) built from the primary key (`bearer <key>`, the key truncated …), for
   * the checks that the key authenticates only in its frame and is counted as itself however its
   * scheme is spelled. Sent in that header only, never in a URL; recorded redacted.
   */
  | { framed: (key: string) => string | string[] };

/** Query parameters in order; repeats allowed (`[['codebase_tag_id[]', 3], ['codebase_tag_id[]', 5]]`). */
export type QueryPairs = Array<[string, string | number]>;

export interface RequestOptions {
  method?: string;
  query?: QueryPairs;
  /** Appended verbatim after `?` (for malformed inputs such as `%zz`); exclusive with `query`. */
  rawQuery?: string;
  auth?: AuthChoice;
  headers?: Record<string, string>;
  /**
   * A request body, sent as it is (the checks that send another method than GET: what a body
   * parser in front of the method check would read); its type goes in `headers`.
   */
  body?: string;
  /** Resolve the path against the origin instead of the base URL (for `/json.php`). */
  fromOrigin?: boolean;
  timeoutMs?: number;
  /**
   * Rate-limit checks: send immediately, do not pace or wait on 429 (the response is returned as is).
   * Every other request is paced by the client and retried once after Retry-After on a 429.
   */
  unpaced?: boolean;
  /**
   * Bypass the run's response cache: for checks that count requests or read fresh headers
   * (rate-limit figures, request ids). Other identical GETs under the primary key may be
   * answered from the cache (see `HttpClientOptions.cacheTtlMs`).
   */
  fresh?: boolean;
  /**
   * Put a key somewhere other than Authorization (a query parameter, another header, a cookie),
   * for the check that makes sure it is refused there. Recorded as its placeholder. The primary
   * key goes there only when the client was told so (`allowPrimaryKeyElsewhere`): a key in a URL
   * lands in the access logs of the server and of every proxy in front of it.
   */
  keyElsewhere?: { in: 'query' | 'header' | 'cookie'; name: string; key: KeyLabel };
  /** The runner's: where the requests of one check pass are counted (see `ledgerView`). */
  ledger?: RequestLedger;
}

/**
 * The requests one check pass sent (retries after a 429 included, the run's cache's answers
 * not), so that a check's count stays its own while another check runs alongside; `cap`, when
 * set, bounds the run's request count for these requests instead of the run's cap (the
 * exhausting checks, running alongside the others, spend the reserve kept for them).
 */
export interface RequestLedger {
  sent: number;
  cap?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  /** Headers as sent, with the key replaced by `$API_KEY` (or `$LOW_LIMIT_KEY`, `$DAY_LIMITED_KEY`, `$REVOKED_KEY`). */
  headers: Record<string, string | string[]>;
  /** `curl -sS -i -H "Authorization: Bearer $API_KEY" 'URL'` (the key stays a shell variable). */
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
  /** True when the body exceeded the response-size cap: `text` holds only its beginning, `isJson` is false. */
  truncated?: boolean;
  /** The cap the body was cut at (bytes), when `truncated`. */
  truncatedAtBytes?: number;
  /**
   * Where the body's bytes stop being UTF-8 (§1 rule 1: "every response body is UTF-8 JSON"), when
   * they do: the first byte that is not, and its offset; `text` holds U+FFFD in its place.
   */
  notUtf8?: { offset: number; byte: number };
  /** Why the body could not be read past its `Content-Encoding` (then it is not read as JSON). */
  undecodable?: string;
  /** True when the run's cache answered (an identical GET sent earlier in the run; no request sent). */
  cached?: boolean;
}

/** A response the run received, as offered to every check that can judge it (`ctx.judgeObserved`). */
export interface ObservedResponse extends ApiResponse {
  /** The key it was sent with (by its label); undefined without a key or with a raw header value. */
  keyLabel?: KeyLabel;
}

/**
 * The rate-limit figures of one answer to a request with a key (`rateLimitReadingOf`), with what it
 * answered and when: kept for every such answer of the run (a few numbers each), where `observed()`
 * keeps only the latest responses whole.
 */
export interface KeyedReading extends RateLimitReading {
  keyLabel: KeyLabel;
  status: number;
  url: string;
  request: RecordedRequest;
  /** When the request was sent and its answer received (epoch ms, this machine's clock): what overlapped. */
  sentAt: number;
  receivedAt: number;
}

export interface ApiClient {
  /** The base URL, ending in the API prefix (e.g. `http://127.0.0.1:8080/api/v1`), no trailing slash. */
  readonly baseUrl: string;
  /** Requests sent so far in this run (the `--max-requests` budget counts these). */
  readonly requestCount: number;
  /** `path` is relative to the base URL (`/games/12`) unless `fromOrigin`. */
  request(path: string, options?: RequestOptions): Promise<ApiResponse>;
  get(path: string, options?: Omit<RequestOptions, 'method'>): Promise<ApiResponse>;
  /**
   * Fetches an absolute URL the server gave (pagination links); a link of another origin is
   * followed on the tested one (its path below /api/v1 and its query), never sent elsewhere.
   */
  getAbsolute(
    url: string,
    options?: Omit<RequestOptions, 'method' | 'query' | 'rawQuery'>,
  ): Promise<ApiResponse>;
  /** This run's requests with a key that the server admitted in the current UTC day (a lower bound of its use). */
  admittedToday(label: KeyLabel): number;
  /** This run's requests with a key that the server admitted in the last `ms` (by the answers' `Date`). */
  admittedWithin(label: KeyLabel, ms: number): number;
  /** The `Date` (epoch ms) of this run's latest request with a key that the server admitted. */
  lastAdmittedAt(label: KeyLabel): number | undefined;
  /**
   * The responses this run received, oldest first: requests sent (never the cache's answers),
   * at least the latest OBSERVED_KEPT of them.
   */
  observed(): readonly ObservedResponse[];
  /** The rate-limit figures of every answer of the run to a request with a key, oldest first. */
  rateLimitReadings(): readonly KeyedReading[];
}

/**
 * The client as one check pass sees it: its requests are counted in `ledger` (`requestCount` is
 * that count), and with `fresh` every request bypasses the run's cache.
 */
export function ledgerView(client: ApiClient, ledger: RequestLedger, fresh: boolean): ApiClient {
  const withLedger = <T extends RequestOptions>(opts: T): T => ({
    ...opts,
    ledger,
    ...(fresh ? { fresh: true } : {}),
  });
  return {
    get baseUrl() {
      return client.baseUrl;
    },
    get requestCount() {
      return ledger.sent;
    },
    request: (path, opts = {}) => client.request(path, withLedger(opts)),
    get: (path, opts = {}) => client.get(path, withLedger(opts)),
    getAbsolute: (url, opts = {}) => client.getAbsolute(url, withLedger(opts)),
    admittedToday: (label) => client.admittedToday(label),
    admittedWithin: (label, ms) => client.admittedWithin(label, ms),
    lastAdmittedAt: (label) => client.lastAdmittedAt(label),
    observed: () => client.observed(),
    rateLimitReadings: () => client.rateLimitReadings(),
  };
}

/** A GET sent through a fresh view, with its answer: sent again, it tells whether the data moved since. */
export interface SentAgain {
  response: ApiResponse;
  /** The same request sent again (fresh). */
  again(): Promise<ApiResponse>;
}

/**
 * The client as a check that needs fresh responses sees it: every request bypasses the run's cache.
 * `onFirstGet` is told of the view's first GET and its answer (judgedAfresh's bracket, D65).
 */
export function freshView(client: ApiClient, onFirstGet?: (sent: SentAgain) => void): ApiClient {
  let first = onFirstGet;
  const noted = async (send: () => Promise<ApiResponse>, isGet: boolean): Promise<ApiResponse> => {
    const response = await send();
    if (isGet && first !== undefined) {
      first({ response, again: send });
      first = undefined;
    }
    return response;
  };
  return {
    get baseUrl() {
      return client.baseUrl;
    },
    get requestCount() {
      return client.requestCount;
    },
    request: (path, opts = {}) =>
      noted(
        () => client.request(path, { ...opts, fresh: true }),
        (opts.method ?? 'GET').toUpperCase() === 'GET',
      ),
    get: (path, opts = {}) => noted(() => client.get(path, { ...opts, fresh: true }), true),
    getAbsolute: (url, opts = {}) => noted(() => client.getAbsolute(url, { ...opts, fresh: true }), true),
    admittedToday: (label) => client.admittedToday(label),
    admittedWithin: (label, ms) => client.admittedWithin(label, ms),
    lastAdmittedAt: (label) => client.lastAdmittedAt(label),
    observed: () => client.observed(),
    rateLimitReadings: () => client.rateLimitReadings(),
  };
}

// ---------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------

/** The `--max-requests` budget is spent: the check in progress ends as `error`. */
export class BudgetExhausted extends Error {
  /** Set when the budget ended during a failure's rechecks (D65): that failure, which does not count. */
  unconfirmed?: string;
  constructor(readonly maxRequests: number) {
    super(`request budget exhausted (${maxRequests} requests)`);
    this.name = 'BudgetExhausted';
  }
}

/** A wait the client would need (rate-limit reset, Retry-After) lies beyond the run's time budget. */
export class TimeBudgetExhausted extends Error {
  /** Set when the time budget ended during a failure's rechecks (D65): that failure, which does not count. */
  unconfirmed?: string;
  constructor(reason: string) {
    super(`time budget exhausted: ${reason}`);
    this.name = 'TimeBudgetExhausted';
  }
}

/** The network or the server broke a request (refused, reset, hung): the check ends as `error`. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly request: RecordedRequest,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * The circuit breaker's verdict: the deployment stopped answering. Every request after it is
 * refused at once, so a dead server ends the run in seconds instead of a timeout per request.
 */
export class ServerUnreachable extends Error {
  constructor(readonly down: ServerDown) {
    super(down.message);
    this.name = 'ServerUnreachable';
  }
}

export interface ServerDown {
  /** When the first of the consecutive failures began (the request that never got an answer was sent). */
  since: string;
  /** The last answer the server gave before, if any (ISO time). */
  lastAnswerAt?: string;
  /** The failures that tripped the breaker, one line each. */
  failures: string[];
  /** One sentence: what happened and when. */
  message: string;
}

/**
 * The breaker trips after BREAKER_FAILURES consecutive transport failures (timeouts, resets,
 * refused connections), or after two when BREAKER_SILENCE_MS have passed since the last answer:
 * with the default 10-s timeout, a server that hangs ends the run about 20 s after its last
 * answer; one that refuses or resets connections, at its third refusal.
 */
const BREAKER_FAILURES = 3;
const BREAKER_SILENCE_MS = 20_000;

/** Errors of the client's own making (a header value undici refuses to send): not the server's. */
function isLocalError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (error instanceof Error && (error.name === 'InvalidArgumentError' || error.name === 'TypeError')) ||
    (typeof code === 'string' && code.startsWith('UND_ERR_INVALID'))
  );
}

export interface ApiKeys {
  /** The high-limit key every check uses by default. */
  primary?: string;
  lowLimit?: string;
  /** A key whose UTC-day limit binds before its minute limit. */
  dayLimited?: string;
  revoked?: string;
}

export interface HttpClientOptions {
  /** Base URL including the API prefix (`http://host:port/api/v1`). */
  baseUrl: string;
  keys: ApiKeys;
  /** Per-request timeout (default 10 s). */
  timeoutMs?: number;
  /** Response bodies beyond this are truncated and flagged (default 2 MiB). */
  maxResponseBytes?: number;
  /** The `--max-requests` budget (default 20,000). */
  maxRequests?: number;
  /** Epoch ms after which the client will not wait for a rate limit to reset. */
  deadline?: number;
  /** Longest Retry-After honoured on a 429 (default 65 s). */
  maxRetryAfterMs?: number;
  /** Debug lines (URLs and statuses; never keys). */
  log?: (message: string) => void;
  /** Told before the client sleeps (a rate-limit window, a Retry-After), for progress lines. */
  onWait?: WaitListener;
  /**
   * How long a 200 answer to a GET under the primary key (no extra headers) may be reused for
   * the identical request within the run (default 120 s; 0 turns the cache off).
   */
  cacheTtlMs?: number;
  /** The user allowed the primary key outside the Authorization header (`--probe-key-elsewhere primary`). */
  allowPrimaryKeyElsewhere?: boolean;
}

export type KeyLabel = 'primary' | 'low-limit' | 'day-limited' | 'revoked';

/** What the client (or a check) is about to wait for, and how long. */
export type WaitListener = (reason: string, ms: number) => void;

const KEY_PLACEHOLDERS: Record<KeyLabel, string> = {
  primary: '$API_KEY',
  'low-limit': '$LOW_LIMIT_KEY',
  'day-limited': '$DAY_LIMITED_KEY',
  revoked: '$REVOKED_KEY',
};

/** Where each key comes from: its field of `ApiKeys` and its option. */
const KEY_SOURCES: Record<KeyLabel, { field: keyof ApiKeys; option: string }> = {
  primary: { field: 'primary', option: '--api-key' },
  'low-limit': { field: 'lowLimit', option: '--low-limit-key' },
  'day-limited': { field: 'dayLimited', option: '--day-limited-key' },
  revoked: { field: 'revoked', option: '--revoked-key' },
};

interface RateState {
  limit?: number;
  remaining?: number;
  /** Unix seconds (server clock). */
  reset?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Admitted answers remembered per key for admittedWithin (more than any key's minute the suite exercises). */
const RECENT_ADMITTED = 1_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_REQUESTS = 20_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 65_000;
const DEFAULT_CACHE_TTL_MS = 120_000;
/** Entries the run's response cache keeps (oldest dropped first). */
const CACHE_ENTRIES = 4_000;
/** Responses kept for the checks that judge the run's traffic (`observed()`). */
export const OBSERVED_KEPT = 1_000;
/** Date headers have one-second resolution: wait this much past a reset. */
const CLOCK_SLACK_MS = 1_100;
/**
 * Shortest run of a key's characters masked in Authorization and custom header values, which
 * checks build from the key (a 4-character prefix may show). Elsewhere (URLs, bodies, messages)
 * shorter runs occur by chance — a hex key shares digits with any number — so only runs of
 * LEAK_RUN_TEXT or more are masked there.
 */
const LEAK_RUN_HEADER = 5;
export const LEAK_RUN_TEXT = 10;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Content codings an HTTP client decodes (RFC 9110 §8.4.1), by their token. */
const DECODERS: Readonly<Record<string, (bytes: Buffer, options: { maxOutputLength: number }) => Buffer>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
};

/**
 * The body as its content codings (`Content-Encoding`, applied in the order listed) leave it once
 * undone, as every HTTP client does: a compressed answer is the transport's matter (D71), and the
 * checks that judge the run's traffic read the JSON whatever coding a request accepted. A coding
 * unknown or not undoable (bytes that are not what the header says) leaves the bytes as they came,
 * so the answer reads as not JSON. Decoded bodies are capped like the raw ones (a zip bomb is
 * truncated, not expanded).
 */
function decodeContent(
  bytes: Buffer,
  codings: string,
  maxBytes: number,
): { bytes: Buffer; truncated: boolean; undecodable?: string } {
  const tokens = codings
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '' && token !== 'identity');
  let out = bytes;
  for (const token of tokens.reverse()) {
    const decoder = DECODERS[token];
    if (decoder === undefined)
      return {
        bytes,
        truncated: false,
        undecodable: `Content-Encoding: ${codings}, a coding the suite cannot undo`,
      };
    try {
      out = decoder(out, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        return { bytes: Buffer.alloc(0), truncated: true };
      return {
        bytes,
        truncated: false,
        undecodable: `Content-Encoding: ${codings}, but the body is not ${token} data`,
      };
    }
  }
  return { bytes: out, truncated: false };
}

/** `[` and `]` stay readable in query names (`codebase_tag_id[]`); everything else is percent-encoded. */
function encodeQueryPart(value: string): string {
  return encodeURIComponent(value).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

export function buildQueryString(query: QueryPairs): string {
  return query.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(String(v))}`).join('&');
}

/** A double-quoted shell word; `$NAME` placeholders stay expandable, everything else literal. */
function shellWord(text: string, placeholders: readonly string[]): string {
  let out = '';
  let rest = text;
  while (rest.length > 0) {
    const hit = placeholders
      .map((p) => ({ p, at: rest.indexOf(p) }))
      .filter((h) => h.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    const literal = hit ? rest.slice(0, hit.at) : rest;
    out += literal.replace(/[\\"$`]/g, '\\$&');
    if (!hit) break;
    rest = rest.slice(hit.at + hit.p.length);
    // `${NAME}` where a name character follows, which the shell would read as part of the name.
    out += /^\w/.test(rest) ? `\${${hit.p.slice(1)}}` : hit.p;
  }
  return `"${out}"`;
}

function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The suite's HTTP client on undici (one keep-alive Agent). Keys live in a private
 * field; everything it records or throws has them replaced by `$API_KEY`-style names.
 */
export class HttpApiClient implements ApiClient {
  readonly baseUrl: string;
  readonly origin: string;
  /** Other origins the server's links named (followed on this one, see getAbsolute). */
  readonly #linkOrigins = new Set<string>();
  #requestCount = 0;
  readonly #keys: ApiKeys;
  readonly #agent: Agent;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  #maxRequests: number;
  readonly #maxRetryAfterMs: number;
  readonly #log: (message: string) => void;
  #onWait: WaitListener | undefined;
  #deadline: number | undefined;
  readonly #rate = new Map<KeyLabel, RateState>();
  /** Per key: answers counted against its quota (rate-limit headers, not 429) in one UTC day. */
  readonly #admitted = new Map<KeyLabel, { day: number; count: number }>();
  #observed: ObservedResponse[] = [];
  /** Responses observed in the whole run, and the first of them kept whatever their number. */
  #observedCount = 0;
  #retainFrom = Number.POSITIVE_INFINITY;
  readonly #readings: KeyedReading[] = [];
  /** Per key: the `Date` (epoch ms) of its latest admitted answers, oldest first (at most RECENT_ADMITTED). */
  readonly #recentAdmitted = new Map<KeyLabel, number[]>();
  /** serverDate − local clock, from the latest `Date` header. */
  #clockOffsetMs = 0;
  #lastServerDate: number | undefined;
  readonly #cacheTtlMs: number;
  readonly #cache = new Map<string, { storedAt: number; response: ApiResponse }>();
  #cacheHits = 0;
  readonly #allowPrimaryKeyElsewhere: boolean;
  /** Consecutive transport failures since the last answer (the breaker's count). */
  #failures: { at: number; reason: string }[] = [];
  #lastAnswerAt: number | undefined;
  #down: ServerDown | undefined;

  constructor(options: HttpClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new Error(`base URL must be http(s): ${options.baseUrl}`);
    }
    this.baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
    this.origin = base.origin;
    this.#keys = { ...options.keys };
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_BYTES;
    this.#maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    this.#deadline = options.deadline;
    this.#log = options.log ?? (() => {});
    this.#onWait = options.onWait;
    this.#cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#allowPrimaryKeyElsewhere = options.allowPrimaryKeyElsewhere === true;
    this.#agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  }

  get requestCount(): number {
    return this.#requestCount;
  }

  /** Requests the run's cache answered instead of the server. */
  get cacheHits(): number {
    return this.#cacheHits;
  }

  /** The request budget (the planned run budget replaces `--max-requests` once known). */
  get maxRequests(): number {
    return this.#maxRequests;
  }

  setMaxRequests(maxRequests: number): void {
    this.#maxRequests = maxRequests;
  }

  /** Set once the deployment stopped answering (the circuit breaker tripped); the run should end. */
  get down(): ServerDown | undefined {
    return this.#down;
  }

  /** Which keys the client holds (not the keys). */
  hasKey(label: KeyLabel): boolean {
    const key = this.#keys[KEY_SOURCES[label].field];
    return key !== undefined && key !== '';
  }

  setWaitListener(listener: WaitListener | undefined): void {
    this.#onWait = listener;
  }

  setDeadline(deadline: number | undefined): void {
    this.#deadline = deadline;
  }

  /** The server's clock (epoch ms) estimated from the latest `Date` header; the local clock before any. */
  serverNow(): number {
    return Date.now() + this.#clockOffsetMs;
  }

  /** The latest `Date` header seen (epoch ms). */
  get lastServerDate(): number | undefined {
    return this.#lastServerDate;
  }

  /**
   * How many of this run's requests with a key the server admitted (answered with rate-limit
   * headers and not 429) in the UTC day of the latest answer (by its `Date`): a lower bound of
   * what the key has spent today, since other clients may share it.
   */
  admittedWithin(label: KeyLabel, ms: number): number {
    const since = this.serverNow() - ms;
    // Date is truncated to the second: an answer within the second before `since` counts too.
    return (this.#recentAdmitted.get(label) ?? []).filter((at) => at + 1_000 > since).length;
  }

  lastAdmittedAt(label: KeyLabel): number | undefined {
    return this.#recentAdmitted.get(label)?.at(-1);
  }

  observed(): readonly ObservedResponse[] {
    return this.#observed;
  }

  rateLimitReadings(): readonly KeyedReading[] {
    return this.#readings;
  }

  #observe(response: ApiResponse, label: KeyLabel | undefined): void {
    this.#observed.push(label === undefined ? response : { ...response, keyLabel: label });
    if (label !== undefined) {
      const receivedAt = Date.now();
      this.#readings.push({
        ...rateLimitReadingOf(response.headers, response.serverDate),
        keyLabel: label,
        status: response.status,
        url: response.url,
        request: response.request,
        sentAt: receivedAt - response.durationMs,
        receivedAt,
      });
    }
    this.#observedCount += 1;
    // Dropped in halves, so that keeping the latest costs no shift of the whole array per response
    // — but never one a check that judges the run's traffic has yet to see (retainObservedFrom).
    if (this.#observed.length > OBSERVED_KEPT * 1.5) {
      const firstKept = this.#observedCount - this.#observed.length;
      const drop = Math.min(this.#observed.length - OBSERVED_KEPT, this.#retainFrom - firstKept);
      if (drop > 0) this.#observed = this.#observed.slice(drop);
    }
  }

  /** Responses observed so far in the run (the position of the next one). */
  get observedCount(): number {
    return this.#observedCount;
  }

  /**
   * Keeps every response from position `position` on (observedCount's numbering) until told
   * otherwise: those a check that judges the run's traffic has not seen yet. Without it the
   * latest OBSERVED_KEPT only.
   */
  retainObservedFrom(position: number): void {
    this.#retainFrom = position;
  }

  admittedToday(label: KeyLabel): number {
    const entry = this.#admitted.get(label);
    const today = utcDayOf(this.serverNow());
    return entry !== undefined && entry.day === today ? entry.count : 0;
  }

  /** The last rate-limit figures seen for a key. */
  rateLimitState(label: KeyLabel = 'primary'): Readonly<RateState> {
    return { ...this.#rate.get(label) };
  }

  /**
   * Replaces every key by its placeholder, and every run of ≥ `minRun` of its characters by
   * `[part of NAME]`. Public so that reporters and loggers can pass any text through it once more.
   */
  redact(text: string, minRun = LEAK_RUN_TEXT): string {
    // One scan for every key at once: a text without a long enough stretch of the keys' characters
    // holds no run of any (most response bodies: JSON's quotes and spaces are in no key).
    let lower = lowerInPlace(text);
    if (!this.#keyStretch(minRun)?.test(lower)) return text;
    let out = text;
    for (const [label, key] of this.#keyEntries()) {
      const next = redactKey(out, key, KEY_PLACEHOLDERS[label], minRun, lower);
      if (next !== out) {
        out = next;
        lower = lowerInPlace(out);
      }
    }
    return out;
  }

  /** By minimal run: a stretch of the keys' characters as long as the shortest run (null: no key). */
  readonly #keyStretches = new Map<number, RegExp | null>();

  #keyStretch(minRun: number): RegExp | null {
    let stretch = this.#keyStretches.get(minRun);
    if (stretch === undefined) {
      const keys = [...this.#keyEntries()].map(([, key]) => lowerInPlace(key));
      const gram = Math.min(minRun, ...keys.map((key) => key.length));
      stretch = keys.length === 0 ? null : new RegExp(`${unitClass(keys)}{${gram}}`);
      this.#keyStretches.set(minRun, stretch);
    }
    return stretch;
  }

  async close(): Promise<void> {
    await this.#agent.destroy();
  }

  get(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<ApiResponse> {
    return this.request(path, { ...options, method: 'GET' });
  }

  getAbsolute(
    url: string,
    options: Omit<RequestOptions, 'method' | 'query' | 'rawQuery'> = {},
  ): Promise<ApiResponse> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(new Error(`not an absolute URL: ${this.redact(url)}`));
    }
    if (target.origin !== this.origin) {
      // A link naming another origin (a canonical or public host in front of the one tested,
      // `localhost` against `127.0.0.1`): the description does not say which host links name, so
      // it is followed on the origin under test, its path below the API prefix and its query kept.
      // The key goes to the tested origin only; a link outside the API is still refused.
      const rebased = rebaseOnApi(target, this.baseUrl);
      if (rebased === undefined) {
        return Promise.reject(
          new Error(
            `refusing to follow ${this.redact(url)}: another origin than ${this.origin}, outside /api/v1`,
          ),
        );
      }
      this.#linkOrigins.add(target.origin);
      return this.#send(rebased, { ...options, method: 'GET' });
    }
    return this.#send(`${target.origin}${target.pathname}${target.search}`, { ...options, method: 'GET' });
  }

  /** The other origins the server's links named so far, each followed on the origin under test. */
  get linkOrigins(): readonly string[] {
    return [...this.#linkOrigins];
  }

  request(path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    if (options.query !== undefined && options.rawQuery !== undefined) {
      return Promise.reject(new Error('query and rawQuery are exclusive'));
    }
    const prefix = options.fromOrigin ? this.origin : this.baseUrl;
    const suffix =
      options.rawQuery !== undefined
        ? `?${options.rawQuery}`
        : options.query && options.query.length > 0
          ? `?${buildQueryString(options.query)}`
          : '';
    const slash = path.startsWith('/') || path === '' ? '' : '/';
    const elsewhere = options.keyElsewhere;
    if (elsewhere === undefined) return this.#send(`${prefix}${slash}${path}${suffix}`, options);
    if (elsewhere.key === 'primary' && !this.#allowPrimaryKeyElsewhere) {
      return Promise.reject(
        new Error(
          'refusing to send the primary key outside the Authorization header (--probe-key-elsewhere)',
        ),
      );
    }
    const key = this.#keyFor(elsewhere.key);
    if (elsewhere.in === 'query') {
      const pair = `${encodeQueryPart(elsewhere.name)}=${encodeQueryPart(key)}`;
      return this.#send(`${prefix}${slash}${path}${suffix === '' ? '?' : `${suffix}&`}${pair}`, options);
    }
    const value = elsewhere.in === 'cookie' ? `${elsewhere.name}=${key}` : key;
    const name = elsewhere.in === 'cookie' ? 'cookie' : elsewhere.name;
    return this.#send(`${prefix}${slash}${path}${suffix}`, {
      ...options,
      headers: { ...options.headers, [name]: value },
    });
  }

  *#keyEntries(): Generator<[KeyLabel, string]> {
    for (const label of Object.keys(KEY_SOURCES) as KeyLabel[]) {
      const key = this.#keys[KEY_SOURCES[label].field];
      if (key) yield [label, key];
    }
  }

  /**
   * The one configured key whose value a request carries outside its `auth` (URL, headers), if
   * any — in any letter case, as the redaction reads keys (a server comparing keys without case
   * admits a near miss as the key itself).
   */
  #keyCarriedElsewhere(url: string, headerParts: readonly string[]): KeyLabel | undefined {
    const text = [url, ...headerParts].join('\n').toLowerCase();
    const carried = (Object.keys(KEY_SOURCES) as KeyLabel[]).filter((label) => {
      const key = this.#keys[KEY_SOURCES[label].field];
      return key !== undefined && key !== '' && text.includes(key.toLowerCase());
    });
    return carried.length === 1 ? carried[0] : undefined;
  }

  #keyFor(label: KeyLabel): string {
    const key = this.#keys[KEY_SOURCES[label].field];
    if (!key) throw new Error(`no ${label} key configured (${KEY_SOURCES[label].option})`);
    return key;
  }

  async #send(url: string, options: RequestOptions): Promise<ApiResponse> {
    const auth = options.auth ?? 'primary';
    const label: KeyLabel | undefined = typeof auth === 'string' && auth !== 'none' ? auth : undefined;
    // Pacing and the 429 retry apply to keys that are counted; a revoked key is refused before that,
    // and the day-limited key's reset is the next midnight, not worth waiting for.
    const paced = !options.unpaced && (label === 'primary' || label === 'low-limit');
    const cacheKey = this.#cacheKey(url, options, label);
    if (cacheKey !== undefined) {
      const hit = this.#fromCache(cacheKey);
      if (hit) return hit;
    }
    if (paced && label) await this.#waitForWindow(label);
    let response = await this.#sendOnce(url, options, auth);
    this.#observe(response, label);
    if (paced && label && response.status === 429) {
      const retryAfter = integerHeader(response.headers['retry-after']);
      const waitMs = Math.min((retryAfter ?? 1) * 1000 + 100, this.#maxRetryAfterMs);
      this.#ensureTime(waitMs, `429 Retry-After ${retryAfter ?? '?'} s`);
      this.#log(`429 on ${response.request.url}: waiting ${waitMs} ms, then retrying once`);
      this.#onWait?.(`a 429 on the ${label} key: Retry-After ${retryAfter ?? '?'} s, then one retry`, waitMs);
      await sleep(waitMs);
      response = await this.#sendOnce(url, options, auth);
      this.#observe(response, label);
    }
    if (cacheKey !== undefined && response.status === 200 && !response.truncated) {
      this.#cache.delete(cacheKey);
      this.#cache.set(cacheKey, { storedAt: Date.now(), response });
      if (this.#cache.size > CACHE_ENTRIES) this.#cache.delete(this.#cache.keys().next().value as string);
    }
    return response;
  }

  /** Only plain GETs under the primary key are reused; everything else always goes out. */
  #cacheKey(url: string, options: RequestOptions, label: KeyLabel | undefined): string | undefined {
    if (this.#cacheTtlMs <= 0 || options.fresh || options.unpaced || label !== 'primary') return undefined;
    if ((options.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
    if (options.headers && Object.keys(options.headers).length > 0) return undefined;
    if (options.body !== undefined) return undefined;
    return url;
  }

  #fromCache(key: string): ApiResponse | undefined {
    const entry = this.#cache.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.#cacheTtlMs) {
      this.#cache.delete(key);
      return undefined;
    }
    this.#cacheHits += 1;
    const stored = entry.response;
    // A fresh body each time: a check may reshape what it reads without touching the next one's.
    return {
      ...stored,
      headers: { ...stored.headers },
      body: stored.isJson ? JSON.parse(stored.text) : undefined,
      cached: true,
    };
  }

  #ensureTime(waitMs: number, why: string): void {
    if (this.#deadline !== undefined && Date.now() + waitMs > this.#deadline) {
      throw new TimeBudgetExhausted(`${why} would end after the time budget`);
    }
  }

  async #waitForWindow(label: KeyLabel): Promise<void> {
    const state = this.#rate.get(label);
    if (!state || state.remaining === undefined || state.reset === undefined) return;
    // The primary key keeps a few requests of each window unspent, for the unpaced requests of
    // the rate-limit checks: it never meets a 429 outside the checks that provoke one.
    const reserve = label === 'primary' && state.limit !== undefined ? paceReserve(state.limit) : 0;
    if (state.remaining > reserve) return;
    const waitMs = state.reset * 1000 - this.serverNow() + CLOCK_SLACK_MS;
    if (waitMs > 0) {
      this.#ensureTime(
        waitMs,
        `the ${label} key's rate limit resets in ${Math.ceil(waitMs / 1000)} s, which`,
      );
      this.#log(`rate limit of the ${label} key spent: waiting ${waitMs} ms for the reset`);
      this.#onWait?.(`the ${label} key's window to reset (X-RateLimit-Remaining ${state.remaining})`, waitMs);
      await sleep(waitMs);
    }
    this.#rate.set(label, {});
  }

  #authHeaders(auth: AuthChoice): { sent: string[]; recorded: string[] } {
    if (auth === 'none') return { sent: [], recorded: [] };
    if (typeof auth === 'object') {
      const value = 'framed' in auth ? auth.framed(this.#keyFor('primary')) : auth.raw;
      const values = Array.isArray(value) ? value : [value];
      return { sent: values, recorded: values.map((v) => this.redact(v, LEAK_RUN_HEADER)) };
    }
    return { sent: [`Bearer ${this.#keyFor(auth)}`], recorded: [`Bearer ${KEY_PLACEHOLDERS[auth]}`] };
  }

  #record(
    method: string,
    url: string,
    auth: AuthChoice,
    extra: Record<string, string>,
    body?: string,
  ): RecordedRequest {
    const { recorded } = this.#authHeaders(auth);
    const headers: Record<string, string | string[]> = {};
    const curlHeaders: string[] = [];
    const placeholders = Object.values(KEY_PLACEHOLDERS);
    if (recorded.length > 0) {
      headers.authorization = recorded.length === 1 ? (recorded[0] as string) : recorded;
      for (const value of recorded)
        curlHeaders.push(`-H ${shellWord(`Authorization: ${value}`, placeholders)}`);
    }
    for (const [name, value] of Object.entries(extra)) {
      const safe = this.redact(value, LEAK_RUN_HEADER);
      headers[name.toLowerCase()] = safe;
      curlHeaders.push(`-H ${shellWord(`${name}: ${safe}`, placeholders)}`);
    }
    const safeUrl = this.redact(url);
    const methodFlag = method === 'GET' ? '' : method === 'HEAD' ? ' -I' : ` -X ${method}`;
    // A key placeholder in the URL (a check that sends a key where it must not go) stays expandable.
    const urlWord = placeholders.some((p) => safeUrl.includes(p))
      ? shellWord(safeUrl, placeholders)
      : singleQuoted(safeUrl);
    const data = body === undefined ? [] : [`--data-raw ${singleQuoted(this.redact(body))}`];
    const curl = ['curl -sS -i' + methodFlag, ...curlHeaders, ...data, urlWord].join(' ');
    return { method, url: safeUrl, headers, curl };
  }

  async #sendOnce(url: string, options: RequestOptions, auth: AuthChoice): Promise<ApiResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const extra = options.headers ?? {};
    const recorded = this.#record(method, url, auth, extra, options.body);
    if (this.#down) throw new ServerUnreachable(this.#down);
    const cap = options.ledger?.cap ?? this.#maxRequests;
    if (this.#requestCount >= cap) throw new BudgetExhausted(cap);
    this.#requestCount += 1;
    if (options.ledger) options.ledger.sent += 1;

    const { sent } = this.#authHeaders(auth);
    // The client's own Accept and User-Agent, unless the request names its own (one line each).
    const named = new Set(Object.keys(extra).map((name) => name.toLowerCase()));
    const headerList: string[] = Object.entries({
      accept: 'application/json',
      'user-agent': 'gamedir-conformance/1',
    })
      .filter(([name]) => !named.has(name))
      .flat();
    for (const value of sent) headerList.push('authorization', value);
    for (const [name, value] of Object.entries(extra)) headerList.push(name, value);

    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let rawHeaders: Record<string, string | string[] | undefined>;
    let buffer: Buffer;
    let truncated = false;
    try {
      const res = await undiciRequest(url, {
        dispatcher: this.#agent,
        method: method as Dispatcher.HttpMethod,
        headers: headerList,
        ...(options.body === undefined ? {} : { body: options.body }),
        signal: controller.signal,
      });
      status = res.statusCode;
      rawHeaders = res.headers;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        const room = this.#maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          res.body.destroy();
          break;
        }
        chunks.push(chunk);
        size += chunk.length;
      }
      buffer = Buffer.concat(chunks);
    } catch (error) {
      const reason = controller.signal.aborted
        ? `no complete response within ${timeoutMs} ms`
        : this.redact(describeNetworkError(error));
      const failure = new RequestError(`${method} ${recorded.url}: ${reason}`, recorded);
      if (!controller.signal.aborted && isLocalError(error)) throw failure;
      this.#failures.push({ at: Date.now() - Math.round(performance.now() - started), reason });
      this.#tripIfDown();
      if (this.#down) throw new ServerUnreachable(this.#down);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
    this.#failures = [];
    this.#lastAnswerAt = Date.now();
    const durationMs = Math.round(performance.now() - started);

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(rawHeaders)) {
      const joined = headerValue(value);
      if (joined !== undefined) headers[name.toLowerCase()] = this.redact(joined);
    }
    let undecodable: string | undefined;
    if (!truncated && buffer.length > 0 && headers['content-encoding'] !== undefined) {
      const decoded = decodeContent(buffer, headers['content-encoding'], this.#maxBytes);
      buffer = decoded.bytes;
      truncated = decoded.truncated;
      undecodable = decoded.undecodable;
    }
    // §1 rule 1: "every response body is UTF-8 JSON". Bytes that are not well-formed UTF-8 are no
    // JSON text (RFC 8259 §8.1), however a lenient decoder reads them: CESU-8's surrogate halves or
    // Latin-1 letters become U+FFFD, which parses. `text` keeps that reading for the reports; the body
    // is read as JSON only when its bytes are UTF-8 (`isUtf8`: no surrogate, overlong form or cut
    // sequence). A byte order mark stays in the text, so a body starting with one is still not JSON
    // (see readNearJson).
    const notUtf8At = truncated || isUtf8(buffer) ? undefined : firstNotUtf8(buffer);
    // The key must never reach a report, even if a server echoes it back (placeholders keep JSON valid).
    const text = this.redact(buffer.toString('utf8'));
    let body: unknown;
    let isJson = false;
    if (!truncated && undecodable === undefined && notUtf8At === undefined && text.trim() !== '') {
      try {
        body = JSON.parse(text);
        isJson = true;
      } catch {
        body = undefined;
      }
    }
    const serverDate = headers.date !== undefined ? Date.parse(headers.date) : NaN;
    const response: ApiResponse = {
      status,
      headers,
      body,
      text,
      isJson,
      url: recorded.url,
      request: recorded,
      durationMs,
    };
    if (undecodable !== undefined) response.undecodable = undecodable;
    if (truncated) {
      response.truncated = true;
      response.truncatedAtBytes = this.#maxBytes;
    } else if (notUtf8At !== undefined) {
      response.notUtf8 = { offset: notUtf8At, byte: buffer[notUtf8At] ?? 0 };
    }
    if (Number.isFinite(serverDate)) {
      response.serverDate = serverDate;
      this.#lastServerDate = serverDate;
      // The Date header is truncated to the second; assume mid-second.
      this.#clockOffsetMs = serverDate + 500 - Date.now();
    }
    if (typeof auth === 'string' && auth !== 'none') {
      this.#noteRate(auth, headers);
      this.#countAdmitted(auth, response.status, headers, response.serverDate);
    } else {
      // A key sent elsewhere than `Authorization: Bearer` (a URL, another header, a malformed
      // frame: the checks that such keys authenticate nothing) spends its budget when a faulty
      // server admits it: counted as that key's, so the per-key accounting does not blame
      // another key for it.
      const carried = this.#keyCarriedElsewhere(url, headerList);
      if (carried !== undefined) this.#countAdmitted(carried, response.status, headers, response.serverDate);
    }
    this.#log(`${method} ${recorded.url} → ${status} (${durationMs} ms)`);
    return response;
  }

  #tripIfDown(): void {
    const failures = this.#failures;
    const first = failures[0];
    if (first === undefined) return;
    const silentMs = Date.now() - (this.#lastAnswerAt ?? first.at);
    if (failures.length < BREAKER_FAILURES && !(failures.length >= 2 && silentMs >= BREAKER_SILENCE_MS))
      return;
    const since = new Date(first.at).toISOString();
    const last = this.#lastAnswerAt !== undefined ? new Date(this.#lastAnswerAt).toISOString() : undefined;
    const kinds = [...new Set(failures.map((f) => f.reason))].join('; ');
    this.#down = {
      since,
      ...(last !== undefined ? { lastAnswerAt: last } : {}),
      failures: failures.map((f) => f.reason),
      message:
        `the server stopped answering at ${since.slice(11, 19)} UTC` +
        `${last !== undefined ? ` (last answer ${last.slice(11, 19)})` : ''}: ` +
        `${failures.length} requests in a row failed (${kinds}); the run stopped sending`,
    };
  }

  #countAdmitted(
    label: KeyLabel,
    status: number,
    headers: Record<string, string>,
    serverDate: number | undefined,
  ): void {
    if (status === 429 || rateLimitReadingOf(headers).remaining === undefined) return;
    const at = serverDate ?? this.serverNow();
    const day = utcDayOf(at);
    const entry = this.#admitted.get(label);
    this.#admitted.set(label, { day, count: entry?.day === day ? entry.count + 1 : 1 });
    const recent = this.#recentAdmitted.get(label) ?? [];
    recent.push(at);
    if (recent.length > RECENT_ADMITTED) recent.shift();
    this.#recentAdmitted.set(label, recent);
  }

  #noteRate(label: KeyLabel, headers: Record<string, string>): void {
    const { limit, remaining, reset } = rateLimitReadingOf(headers);
    if (remaining === undefined && reset === undefined) return;
    this.#rate.set(label, { limit, remaining, reset });
  }
}

/**
 * The offset of the first byte where `bytes` stop being well-formed UTF-8 (Unicode's table 3-7:
 * no overlong form, no surrogate, nothing above U+10FFFF): a byte no character starts with, or
 * the first byte of a character whose sequence is broken or cut at the end. `bytes.length` when
 * they are well-formed. Called only on bytes `isUtf8` refused.
 */
export function firstNotUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // The continuation bytes a lead byte needs, and the range its first continuation byte must be in.
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

function utcDayOf(epochMs: number): number {
  return Math.floor(epochMs / 86_400_000);
}

/** Bare words a JSON text may not hold, as other languages write a value, and what JSON writes for each. */
const BARE_WORDS: ReadonlyArray<[word: string, json: string, why: string]> = [
  ['-Infinity', 'null', 'it holds a bare -Infinity, and JSON has no literal for a number that is not finite'],
  ['Infinity', 'null', 'it holds a bare Infinity, and JSON has no literal for a number that is not finite'],
  ['NaN', 'null', 'it holds a bare NaN, and JSON has no literal for a number that is not finite'],
  ['None', 'null', "it holds a bare None, Python's word where JSON has null"],
  ['True', 'true', "it holds a bare True, Python's word where JSON has true"],
  ['False', 'false', "it holds a bare False, Python's word where JSON has false"],
];

/** The characters JSON allows after a backslash in a string. */
const JSON_ESCAPES = '"\\/bfnrtu';

/** Whether `char` is JSON's whitespace. */
function isJsonSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

/**
 * A text that is almost JSON, read as its writer meant it, and the first way it departs from
 * JSON (described for a failure message). The departures are those a port's libraries write: a
 * leading byte order mark, bare `NaN`/`Infinity`/`-Infinity` (Python's `json.dumps`; read as
 * null), a raw control character inside a string, a comma before a closing bracket, strings in
 * single quotes and bare `None`/`True`/`False` (a Python repr), an escape JSON does not have
 * (`\'`). Undefined when the text departs in none of these ways, or is not JSON even so.
 */
function readNearJson(text: string): { value: unknown; departure: string } | undefined {
  let departure: string | undefined;
  let out = '';
  let i = 0;
  if (text.startsWith('\uFEFF')) {
    departure =
      'it starts with a byte order mark (U+FEFF), which JSON sent over a network must not (RFC 8259 §8.1)';
    i = 1;
  }
  let copiedFrom = i;
  /** Writes the text up to `at` as it is, then `replacement` for what stands from `at` to `resume`. */
  const replace = (at: number, resume: number, replacement: string, why: string) => {
    out += text.slice(copiedFrom, at) + replacement;
    copiedFrom = resume;
    departure ??= why;
  };
  let quote: '"' | "'" | undefined;
  while (i < text.length) {
    const char = text[i] as string;
    if (quote !== undefined) {
      if (char === '\\') {
        const next = text[i + 1];
        if (next !== undefined && !JSON_ESCAPES.includes(next)) {
          replace(i, i + 2, next, `it holds the escape \\${next} in a string, which JSON does not have`);
        }
        i += 2;
        continue;
      }
      if (char === quote) {
        if (quote === "'")
          replace(i, i + 1, '"', 'it quotes a string with single quotes, where JSON has only double quotes');
        quote = undefined;
      } else if (char === '"') {
        replace(i, i + 1, '\\"', 'it quotes a string with single quotes, where JSON has only double quotes');
      } else if (char.charCodeAt(0) < 0x20) {
        const code = char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
        replace(
          i,
          i + 1,
          `\\u${code}`,
          `it holds a raw control character (U+${code}) in a string, where JSON requires it escaped`,
        );
      }
      i += 1;
      continue;
    }
    if (char === '"') {
      quote = '"';
    } else if (char === "'") {
      quote = "'";
      replace(i, i + 1, '"', 'it quotes a string with single quotes, where JSON has only double quotes');
    } else if (char === ',') {
      let next = i + 1;
      while (isJsonSpace(text[next])) next += 1;
      if (text[next] === ']' || text[next] === '}') {
        replace(
          i,
          i + 1,
          '',
          `it has a comma just before a closing ${text[next]}, which JSON does not allow`,
        );
      }
    } else {
      const bare = BARE_WORDS.find(([word]) => text.startsWith(word, i));
      if (bare !== undefined) {
        replace(i, i + bare[0].length, bare[1], bare[2]);
        i += bare[0].length;
        continue;
      }
    }
    i += 1;
  }
  if (departure === undefined) return undefined;
  try {
    return { value: JSON.parse(out + text.slice(copiedFrom)) as unknown, departure };
  } catch {
    return undefined;
  }
}

/**
 * The value of a text that is almost JSON (see readNearJson: a byte order mark, `NaN`, a raw
 * control character, a trailing comma, a Python repr), as its writer meant it; undefined for JSON
 * itself and for a text that is not JSON even so.
 */
export function parseNearJson(text: string): unknown {
  return readNearJson(text)?.value;
}

/**
 * Why a response's body was not read as JSON, for failure messages: a body cut at the suite's
 * size cap may well be JSON, and a message saying it is not would send its reader astray.
 */
export function bodyNotJsonReason(
  response: Pick<ApiResponse, 'truncated' | 'truncatedAtBytes' | 'undecodable' | 'notUtf8'> & {
    text?: string;
  },
): string {
  if (response.undecodable !== undefined) return `the body is not JSON: ${response.undecodable}`;
  const notUtf8 = bodyNotUtf8Reason(response);
  if (notUtf8 !== undefined) return notUtf8;
  if (!response.truncated) {
    const departure = response.text === undefined ? undefined : readNearJson(response.text)?.departure;
    return departure === undefined ? 'the body is not JSON' : `the body is not JSON: ${departure}`;
  }
  const cap = response.truncatedAtBytes ?? DEFAULT_MAX_BYTES;
  const size = cap % (1024 * 1024) === 0 ? `${cap / (1024 * 1024)} MiB` : `${cap} bytes`;
  return `the body is longer than the suite's ${size} response cap and was cut there, unread as JSON`;
}

/**
 * Why a response's body is not UTF-8 (§1 rule 1), for failure messages: the first byte that is
 * not, and what it is in ISO-8859-1 when it is one of its letters (most often what a writer with
 * a Latin-1 default wrote). Undefined for a body that is UTF-8.
 */
export function bodyNotUtf8Reason(response: Pick<ApiResponse, 'notUtf8'>): string | undefined {
  if (response.notUtf8 === undefined) return undefined;
  const { offset, byte } = response.notUtf8;
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  const latin1 = byte >= 0xa0 ? ` (${String.fromCharCode(byte)} in ISO-8859-1)` : '';
  return `the body is not UTF-8: byte ${hex} at offset ${offset}${latin1} is no UTF-8 character`;
}

/**
 * Replaces a key (case-insensitively) by its placeholder, and any other run of ≥ `minRun` of
 * its characters by `[part of NAME]` (no `$`, so a copied curl line never expands it). `lowerText`:
 * the text lower-cased by lowerInPlace, when the caller has it already.
 */
export function redactKey(
  text: string,
  key: string,
  placeholder: string,
  minRun = LEAK_RUN_HEADER,
  lowerText = lowerInPlace(text),
): string {
  if (key.length === 0) return text;
  const lowerKey = lowerInPlace(key);
  const gram = Math.min(minRun, key.length);
  // Most texts hold no run of the key at all: one rolling-hash pass tells so at a fraction of the
  // cost of the walk below, which cuts a substring at every position (it was most of the suite's
  // own CPU time, every response body passing here once per key).
  if (!mayHoldRun(lowerText, lowerKey, gram)) return text;
  const grams = new Set<string>();
  for (let j = 0; j + gram <= lowerKey.length; j += 1) grams.add(lowerKey.slice(j, j + gram));
  let out = '';
  let copiedTo = 0;
  let i = 0;
  while (i + gram <= lowerText.length) {
    if (!grams.has(lowerText.slice(i, i + gram))) {
      i += 1;
      continue;
    }
    let best = 0;
    let whole = false;
    for (let j = 0; j < lowerKey.length; j += 1) {
      let n = 0;
      while (i + n < lowerText.length && j + n < lowerKey.length && lowerText[i + n] === lowerKey[j + n])
        n += 1;
      if (n > best) {
        best = n;
        whole = j === 0 && n === key.length;
      }
    }
    out += text.slice(copiedTo, i) + (whole ? placeholder : `[part of ${placeholder.slice(1)}]`);
    i += best;
    copiedTo = i;
  }
  return out + text.slice(copiedTo);
}

/**
 * The text lower-cased where that keeps every UTF-16 position: a character whose lower case is
 * longer (`İ` becomes `i̇`, two units) stays as it is. The redaction finds a key's runs in the lower
 * case and cuts the text at the same positions; with plain toLowerCase, twelve `İ` before a key left
 * twelve of its characters in the report. (U+0130 is the only character whose lower case is
 * longer, and none is shorter — every code point tried in Node 24 — so a text whose lower case is as
 * long as it is keeps its positions.)
 */
export function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const char of text) {
    const lowered = char.toLowerCase();
    out += lowered.length === char.length ? lowered : char;
  }
  return out;
}

const HASH_BASE = 31;

/** A polynomial hash (mod 2³²) of `length` characters of `text` from `from`. */
function runHash(text: string, from: number, length: number): number {
  let hash = 0;
  for (let i = from; i < from + length; i += 1) hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

interface KeyRuns {
  /** The hashes of the key's runs of `gram` characters. */
  hashes: Set<number>;
  /** HASH_BASE^(gram - 1): the weight of the character leaving a rolling window. */
  power: number;
  /** Stretches of `gram` or more of the key's characters (UTF-16 units): where a run can be. */
  stretches: RegExp;
}

/** A regular-expression class of every UTF-16 unit of `texts`, each escaped as `\uXXXX`. */
function unitClass(texts: readonly string[]): string {
  const units = new Set<number>();
  for (const text of texts) for (let j = 0; j < text.length; j += 1) units.add(text.charCodeAt(j));
  return `[${[...units].map((unit) => `\\u${unit.toString(16).padStart(4, '0')}`).join('')}]`;
}

/** A lower-cased key's runs of `gram` characters, by gram and key (a few keys per run). */
const keyRunsCache = new Map<string, KeyRuns>();

function keyRuns(lowerKey: string, gram: number): KeyRuns {
  const id = `${gram}:${lowerKey}`;
  let entry = keyRunsCache.get(id);
  if (entry === undefined) {
    const hashes = new Set<number>();
    for (let j = 0; j + gram <= lowerKey.length; j += 1) hashes.add(runHash(lowerKey, j, gram));
    let power = 1;
    for (let i = 1; i < gram; i += 1) power = Math.imul(power, HASH_BASE);
    entry = { hashes, power, stretches: new RegExp(`${unitClass([lowerKey])}{${gram},}`, 'g') };
    if (keyRunsCache.size >= 64) keyRunsCache.clear();
    keyRunsCache.set(id, entry);
  }
  return entry;
}

/**
 * Whether `lowerText` may hold a run of `gram` characters of `lowerKey`: false only when no window
 * of the text hashes as one of the key's runs (equal runs hash alike, so a run is never missed).
 * Only the stretches of the key's characters are hashed (the engine's regular expressions find
 * them): in a JSON body they are few and short.
 */
function mayHoldRun(lowerText: string, lowerKey: string, gram: number): boolean {
  if (lowerText.length < gram) return false;
  const { hashes, power, stretches } = keyRuns(lowerKey, gram);
  stretches.lastIndex = 0;
  for (let found = stretches.exec(lowerText); found !== null; found = stretches.exec(lowerText)) {
    const start = found.index;
    const end = start + found[0].length;
    let hash = runHash(lowerText, start, gram);
    if (hashes.has(hash)) return true;
    for (let i = start + gram; i < end; i += 1) {
      hash = (hash - Math.imul(lowerText.charCodeAt(i - gram), power)) | 0;
      hash = (Math.imul(hash, HASH_BASE) + lowerText.charCodeAt(i)) | 0;
      if (hashes.has(hash)) return true;
    }
  }
  return false;
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const cause = (error as { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? ` (${cause.message})` : '';
    return `${code ? `${code}: ` : ''}${error.message}${causeText}`;
  }
  return String(error);
}

/**
 * `target` (a URL of another origin) on the API under `baseUrl`: its path after `/api/v1`, and its
 * query; undefined when its path is not under an `/api/v1` prefix.
 */
function rebaseOnApi(target: URL, baseUrl: string): string | undefined {
  const match = /\/api\/v1(\/.*)?$/.exec(target.pathname);
  if (match === null) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}${match[1] ?? ''}${target.search}`;
}

/**
 * Whether `link` is a link into the API under `baseUrl`: on the tested origin under the base
 * URL's path, or on another origin under an `/api/v1` prefix (what `getAbsolute` follows there).
 * A page outside the API (a listing page on the same host) is not.
 */
export function isApiLink(link: string, baseUrl: string): boolean {
  const target = new URL(link);
  const base = new URL(baseUrl);
  if (target.origin !== base.origin) return rebaseOnApi(target, baseUrl) !== undefined;
  return target.pathname.startsWith(`${base.pathname.replace(/\/+$/, '')}/`);
}
