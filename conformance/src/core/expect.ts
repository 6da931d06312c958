/**
 * Assertion helpers for checks. Each one either returns what it checked or throws a
 * CheckFailure with Expected / Received, the request (key redacted) and a response excerpt.
 */
import { CheckFailure, type Failure, type CheckContext } from './check.ts';
import { bodyNotJsonReason, type ApiResponse } from './http-client.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import type { JsonSchema } from '../../../spec/src/spec-loader.ts';

const EXCERPT_CHARS = 600;

/** The first characters of a response body, for a failure report. */
export function responseExcerpt(response: ApiResponse): string {
  const text = response.text;
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** A Failure about one response (request and excerpt filled in). */
export function failureOf(
  response: ApiResponse,
  message: string,
  expected: string,
  received: string,
): Failure {
  return {
    message,
    expected,
    received,
    request: response.request,
    responseExcerpt: responseExcerpt(response),
  };
}

/** Throws a CheckFailure about one response. */
export function failWith(response: ApiResponse, message: string, expected: string, received: string): never {
  throw new CheckFailure(failureOf(response, message, expected, received));
}

function describeStatus(response: ApiResponse): string {
  const code = errorCodeOf(response);
  return code === undefined ? `HTTP ${response.status}` : `HTTP ${response.status} (${code})`;
}

function oneOf<T>(values: readonly T[]): string {
  return values.length === 1 ? String(values[0]) : `one of ${values.join(', ')}`;
}

/** The `error.code` of an error envelope, if the body has one. */
export function errorCodeOf(response: ApiResponse): string | undefined {
  const body = response.body as { error?: { code?: unknown } } | undefined;
  const code = body?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The status is `status` (or one of them). */
export function expectStatus(response: ApiResponse, status: number | readonly number[], what?: string): void {
  const allowed = typeof status === 'number' ? [status] : status;
  if (!allowed.includes(response.status)) {
    failWith(
      response,
      `${what ?? `${response.request.method} ${new URL(response.url).pathname}`}: unexpected status ${response.status}`,
      `HTTP ${oneOf(allowed)}`,
      describeStatus(response),
    );
  }
}

/** The status is `status` and the body is an error envelope whose `error.code` is `code` (or one of them). */
export function expectErrorCode(
  response: ApiResponse,
  status: number | readonly number[],
  code: string | readonly string[],
): void {
  const statuses = typeof status === 'number' ? [status] : status;
  const codes = typeof code === 'string' ? [code] : code;
  const expected = `HTTP ${oneOf(statuses)} with error.code ${oneOf(codes)}`;
  if (!statuses.includes(response.status)) {
    failWith(response, `unexpected status ${response.status}`, expected, describeStatus(response));
  }
  if (!response.isJson) {
    failWith(
      response,
      `error response: ${bodyNotJsonReason(response)}`,
      expected,
      `HTTP ${response.status} with a body not read as JSON`,
    );
  }
  const actual = errorCodeOf(response);
  if (actual === undefined || !codes.includes(actual)) {
    failWith(
      response,
      actual === undefined ? 'error response has no error.code' : `unexpected error code ${actual}`,
      expected,
      describeStatus(response),
    );
  }
}

/**
 * The header is present and satisfies `test` (a RegExp, or a predicate on its value); returns
 * the value. `description` says what was expected, for the report.
 */
export function expectHeader(
  response: ApiResponse,
  name: string,
  test?: RegExp | ((value: string) => boolean),
  description?: string,
): string {
  const lower = name.toLowerCase();
  const value = response.headers[lower];
  const want = description ?? (test instanceof RegExp ? `header ${name} matching ${test}` : `header ${name}`);
  if (value === undefined) {
    failWith(response, `header ${name} is missing`, want, `no ${name} header`);
  }
  const ok = test === undefined ? true : test instanceof RegExp ? test.test(value) : test(value);
  if (!ok) {
    failWith(response, `header ${name} has an unexpected value`, want, `${name}: ${value}`);
  }
  return value;
}

/** Fails with `expected`/`received` about `response` unless `condition` holds. */
export function expectThat(
  response: ApiResponse,
  condition: boolean,
  message: string,
  expected: string,
  received: string,
): void {
  if (!condition) failWith(response, message, expected, received);
}

/** Validates part of a response body against a schema of spec/openapi.yaml; fails with ajv's errors. */
export function expectSchema(
  ctx: CheckContext,
  response: ApiResponse,
  schema: JsonSchema,
  value: unknown,
  what: string,
): void {
  const outcome = ctx.spec.validateValue(schema, value, what);
  if (outcome.valid) return;
  failWith(
    response,
    `${what} does not match spec/openapi.yaml (${outcome.errors[0]})`,
    `a valid ${what}`,
    outcome.errors.slice(0, 12).join('\n'),
  );
}

/** The error envelope of §2 "Error response": a body errorEnvelopeProblems finds nothing wrong with. */
export type ErrorEnvelope = components['schemas']['Error'];

/**
 * What is wrong with an error body, measured against §2 "Error response" / §7:
 * `{error: {code: string, message: string, details?: any}, request_id: string}`.
 * Extra fields are allowed (D45, open schemas).
 */
export function errorEnvelopeProblems(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return ['the body is not a JSON object'];
  const problems: string[] = [];
  const { error, request_id: requestId } = body as { error?: unknown; request_id?: unknown };
  if (typeof error !== 'object' || error === null || Array.isArray(error)) {
    problems.push('error is not an object');
  } else {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code !== 'string' || code === '') problems.push('error.code is not a non-empty string');
    if (typeof message !== 'string') problems.push('error.message is not a string');
  }
  if (typeof requestId !== 'string' || requestId === '')
    problems.push('request_id is not a non-empty string');
  return problems;
}

/**
 * Asserts an error response: the status, a JSON error envelope (§2 "Error response") and
 * its `error.code` (§7 error table).
 */
export function expectErrorEnvelope(
  response: ApiResponse,
  status: number | readonly number[],
  code: string | readonly string[],
): void {
  expectErrorCode(response, status, code);
  const problems = errorEnvelopeProblems(response.body);
  if (problems.length > 0) {
    failWith(
      response,
      `the error body is not the error envelope (${problems[0]})`,
      '{error: {code, message, details?}, request_id} (§2 "Error response")',
      problems.join('; '),
    );
  }
}

/**
 * A `urls.self` leads to the resource `/<collection>/<id>`. On the origin under test it
 * is followed and must answer 200 with that id. On another origin (a canonical host in
 * front of the one tested) it is not followed; its path must still end in the resource.
 */
export async function expectSelfLink(
  ctx: CheckContext,
  response: ApiResponse,
  self: string,
  resource: string,
  id: number,
): Promise<void> {
  const target = new URL(self);
  if (target.origin !== new URL(ctx.client.baseUrl).origin) {
    expectThat(
      response,
      target.pathname.replace(/\/+$/, '').endsWith(`/${resource}/${id}`),
      'urls.self names another resource',
      `a URI whose path ends in /${resource}/${id}`,
      self,
    );
    return;
  }
  const followed = await ctx.client.getAbsolute(self);
  expectStatus(followed, 200, `GET ${self} (urls.self of ${resource} ${id})`);
  const data = dataOf<{ id?: unknown } | undefined>(followed);
  expectThat(
    followed,
    data?.id === id,
    'urls.self leads to another resource',
    `data.id ${id}`,
    `data.id ${JSON.stringify(data?.id)}`,
  );
}

/** `data` of a JSON body `{data: …}` (undefined when absent); callers validate the shape first. */
export function dataOf<T>(response: ApiResponse): T {
  return (response.body as { data?: T } | undefined)?.data as T;
}

/** True for an absolute URI with a scheme (RFC 3986 §4.3), e.g. `https://host/path`. */
export function isAbsoluteUri(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
