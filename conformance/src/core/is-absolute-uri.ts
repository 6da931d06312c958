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
