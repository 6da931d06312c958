/**
 * §5 rule 4: a 401 carries `WWW-Authenticate: Bearer realm="<service_name> API"`.
 * The scheme name is matched case-insensitively (RFC 9110 §11.1) and further RFC 6750 §3
 * auth-params after the realm (`, error="invalid_token"`) are tolerated; the realm is exact.
 */
const CHALLENGE = /^bearer realm="([^"]+) API"(?:\s*,\s*[A-Za-z][\w-]*=(?:"[^"]*"|[^\s,"]+))*\s*$/i;
const SCHEME = /^bearer /i;

/** The service name of the realm, or undefined when the header is not the Bearer challenge. */
export function challengeServiceName(header: string | undefined): string | undefined {
  if (header === undefined || !SCHEME.test(header)) return undefined;
  // The realm's " API" suffix is case-sensitive, hence the second, case-sensitive look.
  const match = CHALLENGE.exec(header);
  if (!match || !/realm="[^"]+ API"/.test(header)) return undefined;
  return match[1];
}

export const CHALLENGE_DESCRIPTION = 'WWW-Authenticate: Bearer realm="<service_name> API" (§5 rule 4)';
