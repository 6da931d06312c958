/**
 * Fields of the API's representations found by their schemas in the spec, and their values in a
 * response body: what the checks of one kind of field (timestamps, nullable strings) share.
 */
import type { SpecValidator } from '../../../../spec/src/spec-loader.ts';

/** The names of every property of the spec's component schemas whose schema `matches`. */
export function fieldNamesWhere(spec: SpecValidator, matches: (schema: unknown) => boolean): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null) {
      for (const [name, sub] of Object.entries(properties)) if (matches(sub)) names.add(name);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(spec.document.components.schemas);
  return names;
}

export interface FieldValue {
  /** JSON-pointer-like location, e.g. `/data/3/dates/updated`. */
  at: string;
  value: unknown;
}

/**
 * Every scalar value (or null) of a field named in `names` in a body. MSSP `values` are the
 * game's own variables, not the API's fields, and are not searched.
 */
export function fieldValues(body: unknown, names: ReadonlySet<string>, at = ''): FieldValue[] {
  // One walk with a stack of the path's steps, joined for the values found only: every response
  // of a run passes here for several checks, and a location string for every node was most of it.
  const found: FieldValue[] = [];
  const path: string[] = [at];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        path.push(`/${index}`);
        walk(node[index]);
        path.pop();
      }
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const isMsspSnapshot = 'collected_at' in record && 'values' in record;
    for (const key of Object.keys(record)) {
      if (isMsspSnapshot && key === 'values') continue;
      const value = record[key];
      if (names.has(key) && (value === null || typeof value !== 'object')) {
        found.push({ at: `${path.join('')}/${key}`, value });
        continue;
      }
      path.push(`/${key}`);
      walk(value);
      path.pop();
    }
  };
  walk(body);
  return found;
}
