/**
 * §1 rule 4: which fields hold timestamps, read from the spec (every property whose schema
 * is a `date-time` string, possibly nullable), and where they sit in a response body.
 */
import type { SpecValidator } from '../../../../spec/src/spec-loader.ts';

function isTimestampSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Record<string, unknown>;
  if (s.format === 'date-time') return true;
  return ['oneOf', 'anyOf', 'allOf'].some(
    (key) => Array.isArray(s[key]) && (s[key] as unknown[]).some((sub) => isTimestampSchema(sub)),
  );
}

export function timestampFieldNames(spec: SpecValidator): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null) {
      for (const [name, sub] of Object.entries(properties)) if (isTimestampSchema(sub)) names.add(name);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(spec.document.components.schemas);
  return names;
}

export interface TimestampValue {
  /** JSON-pointer-like location, e.g. `/data/3/dates/updated`. */
  at: string;
  value: unknown;
}

/**
 * Every value of a timestamp-named field in a body. MSSP `values` are the game's own
 * variables, not the API's fields, and are not searched.
 */
export function timestampValues(body: unknown, names: Set<string>, at = ''): TimestampValue[] {
  if (Array.isArray(body))
    return body.flatMap((item, index) => timestampValues(item, names, `${at}/${index}`));
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const isMsspSnapshot = 'collected_at' in record && 'values' in record;
  return Object.entries(record).flatMap(([key, value]) => {
    if (isMsspSnapshot && key === 'values') return [];
    if (names.has(key) && (value === null || typeof value !== 'object'))
      return [{ at: `${at}/${key}`, value }];
    return timestampValues(value, names, `${at}/${key}`);
  });
}

const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Null, or exactly `YYYY-MM-DDThh:mm:ssZ` naming a real instant. */
export function isApiTimestamp(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'string' || !SHAPE.test(value)) return false;
  const parsed = new Date(value);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().replace('.000Z', 'Z') === value;
}
