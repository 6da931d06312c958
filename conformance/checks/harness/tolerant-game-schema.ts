import type { JsonSchema, SpecValidator } from '../../../spec/src/spec-loader.ts';

const cache = new WeakMap<SpecValidator, Map<string, JsonSchema>>();

/** A copy of a schema without the listing-page key in the `urls` objects (those holding `self` and `banner`). */
function withoutListingKey(node: unknown, listingKey: string): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutListingKey(item, listingKey));
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withoutListingKey(value, listingKey);
  const properties = copy.properties as Record<string, unknown> | undefined;
  if (properties && listingKey in properties && 'self' in properties && 'banner' in properties) {
    const { [listingKey]: _dropped, ...rest } = properties;
    copy.properties = rest;
  }
  if (
    Array.isArray(copy.required) &&
    copy.required.includes(listingKey) &&
    copy.required.includes('banner')
  ) {
    copy.required = copy.required.filter((name) => name !== listingKey);
  }
  return copy;
}

/**
 * A game component schema (`GameSummary`, `GameDetail`) of `ctx.spec` without the
 * listing-page URL: `ctx.spec` requires it under the profile's key, but its name is an
 * open point (D1) that GAME-DETAIL-LISTING-URL checks at profile level; a must check only
 * needs some key to hold it (GAME-DETAIL-SCHEMA). Everything the description fixes stays
 * as written. Cached per validator (one per profile) so ajv compiles it once.
 */
export function tolerantGameSchema(
  spec: SpecValidator,
  listingKey: string,
  component: 'GameSummary' | 'GameDetail',
): JsonSchema {
  let perSpec = cache.get(spec);
  if (!perSpec) {
    perSpec = new Map();
    cache.set(spec, perSpec);
  }
  const cacheKey = `${component} ${listingKey}`;
  let schema = perSpec.get(cacheKey);
  if (!schema) {
    schema = withoutListingKey(spec.componentSchema(component), listingKey) as JsonSchema;
    perSpec.set(cacheKey, schema);
  }
  return schema;
}
