/**
 * A query string the way a client that escapes only what it must writes it: the characters RFC
 * 3986 §3.4 lets a query hold as they are (`! $ ' ( ) * , ; : @ / ?`) stay literal, while `&`,
 * `=`, `+`, `#`, `%`, spaces and the rest are percent-encoded as always. A server must read both
 * spellings alike; one that still splits pairs on `;` (the old HTML 4 recommendation, Python's
 * parse_qs before 2021) or reads `'` or `(` raw as syntax answers another search.
 */
const LITERAL = /%(21|24|27|28|29|2A|2C|3B|3A|40|2F|3F)/gi;

function encodeLiterally(text: string): string {
  return encodeURIComponent(text).replace(LITERAL, (escape) => decodeURIComponent(escape));
}

/** `name=value` pairs joined with `&`, each escaped as little as a query allows. */
export function literalQuery(pairs: ReadonlyArray<readonly [string, string | number]>): string {
  return pairs.map(([name, value]) => `${encodeLiterally(name)}=${encodeLiterally(String(value))}`).join('&');
}
