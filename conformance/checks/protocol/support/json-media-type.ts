/**
 * §1 rule 1, "every response body is UTF-8 JSON": the Content-Type is a JSON media type
 * (`application/json`, or a `+json` suffix type) and any charset parameter names UTF-8.
 * Returns what is wrong, or undefined.
 */
export function jsonMediaTypeProblem(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return 'no Content-Type header';
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  if (!/^application\/(?:[\w.+-]+\+)?json$/i.test(mediaType)) return `media type ${mediaType} is not JSON`;
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'charset' && value.replace(/^"|"$/g, '').toLowerCase() !== 'utf-8') {
      return `charset ${value} is not UTF-8`;
    }
  }
  return undefined;
}
