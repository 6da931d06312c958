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
