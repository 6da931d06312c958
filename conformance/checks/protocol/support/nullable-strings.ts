/**
 * §1 rule 4 ("A field is `null` when no value exists for it"): which fields the spec makes a
 * string or null, and where such a field holds a stand-in for "no value" in a response body.
 */
import type { SpecValidator } from '../../../../spec/src/spec-loader.ts';
import { fieldNamesWhere, fieldValues, type FieldValue } from './spec-fields.ts';

function typesOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const type = (schema as { type?: unknown }).type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** A schema that admits both a string and null (a type list, or a oneOf/anyOf with both). */
function isNullableString(schema: unknown): boolean {
  const types = [typesOf(schema)];
  for (const key of ['oneOf', 'anyOf']) {
    const branches = (schema as Record<string, unknown> | null)?.[key];
    if (Array.isArray(branches)) types.push(branches.flatMap(typesOf));
  }
  return types.some((t) => t.includes('string') && t.includes('null'));
}

/** The names of every property the spec's schemas make a string or null. */
export function nullableStringFieldNames(spec: SpecValidator): Set<string> {
  return fieldNamesWhere(spec, isNullableString);
}

/**
 * What stands in for "no value" where null belongs: the empty string, whitespace only, or null
 * or undefined written out as text (a template or String() of a missing value).
 */
export function isNoValueText(value: unknown): boolean {
  return typeof value === 'string' && (value.trim() === '' || value === 'null' || value === 'undefined');
}

/** Where a field of `names` holds a no-value stand-in in `body` (e.g. `/data/3/author/affiliation`). */
export function noValueTexts(body: unknown, names: ReadonlySet<string>): FieldValue[] {
  return fieldValues(body, names).filter((field) => isNoValueText(field.value));
}
