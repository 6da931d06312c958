/**
 * What the domain modules hand to the HTTP layer: either the response body or an
 * error the handler turns into the API's error envelope (§7). No Express in here.
 */

/** Query parameters as parsed by the server; a repeated parameter arrives as an array. */
export type RawQuery = Record<string, string | string[] | undefined>;

export interface DomainError {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

export type DomainResult<T> = { ok: T } | { error: DomainError };

export function ok<T>(value: T): { ok: T } {
  return { ok: value };
}

export function domainError(
  status: number,
  code: string,
  message: string,
  details?: unknown,
): { error: DomainError } {
  return { error: details === undefined ? { status, code, message } : { status, code, message, details } };
}
