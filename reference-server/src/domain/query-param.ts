import { domainError, ok, type DomainResult, type RawQuery } from './domain-result.ts';

/**
 * The value of a scalar query parameter, or undefined when absent. A repeated
 * parameter is ambiguous (which value wins?), so it is refused with the endpoint's
 * 422 code rather than silently picking one.
 */
export function readScalarParam(
  query: RawQuery,
  name: string,
  errorCode: string,
): DomainResult<string | undefined> {
  const value = query[name];
  if (Array.isArray(value)) {
    return domainError(422, errorCode, `Parameter '${name}' must be given at most once.`, {
      parameter: name,
      value,
    });
  }
  return ok(value);
}

/** A scalar parameter restricted to `allowed` values, `fallback` when absent; anything else is a 422. */
export function readEnumParam<T extends string>(
  query: RawQuery,
  name: string,
  allowed: readonly T[],
  fallback: T,
  errorCode: string,
): DomainResult<T> {
  const param = readScalarParam(query, name, errorCode);
  if ('error' in param) return param;
  const value = param.ok ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    return domainError(422, errorCode, `Parameter '${name}' must be one of ${allowed.join(', ')}.`, {
      parameter: name,
      value,
    });
  }
  return ok(value as T);
}
