/**
 * §1 rule 4 ("A field is `null` when no value exists for it"): which fields the spec makes a
 * string or null, and where such a field holds the empty string in a response body.
 */
import type { SpecValidator } from '../../../../spec/src/spec-loader.ts';

function typesOf(schema: Record<string, unknown>): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** A schema that admits both a string and null (a type list, or a oneOf/anyOf with both). */
function isNullableString(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Record<string, unknown>;
  const own = typesOf(s);
  if (own.includes('string') && own.includes('null')) return true;
  for (const key of ['oneOf', 'anyOf']) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    const types = branches.flatMap((b) =>
      typeof b === 'object' && b !== null ? typesOf(b as Record<string, unknown>) : [],
    );
    if (types.includes('string') && types.includes('null')) return true;
  }
  return false;
}

/** The names of every property the spec's schemas make a string or null. */
export function nullableStringFieldNames(spec: SpecValidator): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null) {
      for (const [name, sub] of Object.entries(properties)) if (isNullableString(sub)) names.add(name);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(spec.document.components.schemas);
  return names;
}

/**
 * Where a field of `names` holds "" in `body` (JSON-pointer-like, e.g. `/data/3/author/affiliation`).
 * MSSP `values` are the game's own variables, not the API's fields, and are not searched.
 */
export function emptyStringsAt(body: unknown, names: ReadonlySet<string>, at = ''): string[] {
  if (Array.isArray(body))
    return body.flatMap((item, index) => emptyStringsAt(item, names, `${at}/${index}`));
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const isMsspSnapshot = 'collected_at' in record && 'values' in record;
  return Object.entries(record).flatMap(([key, value]) => {
    if (isMsspSnapshot && key === 'values') return [];
    if (names.has(key) && value === '') return [`${at}/${key}`];
    return emptyStringsAt(value, names, `${at}/${key}`);
  });
}
