import type { JsonSchema, SpecValidator } from '../../../../spec/src/spec-loader.ts';

/** The listing-page key our spec chose (D1); other deployments may name it differently. */
const OUR_LISTING_URL_KEY = 'mudverse';

const cache = new WeakMap<SpecValidator, Map<string, JsonSchema>>();

function withoutListingKey(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutListingKey);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withoutListingKey(value);
  const properties = copy.properties as Record<string, unknown> | undefined;
  if (properties && OUR_LISTING_URL_KEY in properties && 'self' in properties && 'banner' in properties) {
    const { [OUR_LISTING_URL_KEY]: _dropped, ...rest } = properties;
    copy.properties = rest;
  }
  if (
    Array.isArray(copy.required) &&
    copy.required.includes(OUR_LISTING_URL_KEY) &&
    copy.required.includes('banner')
  ) {
    copy.required = copy.required.filter((name) => name !== OUR_LISTING_URL_KEY);
  }
  return copy;
}

/**
 * A game component schema (`GameSummary`, `GameDetail`) without our name for the
 * listing-page URL, which §2 does not show (D1: checked at profile level instead).
 * Everything the description fixes stays as written. Cached per validator so ajv
 * compiles it once.
 */
export function tolerantGameSchema(spec: SpecValidator, component: 'GameSummary' | 'GameDetail'): JsonSchema {
  let perSpec = cache.get(spec);
  if (!perSpec) {
    perSpec = new Map();
    cache.set(spec, perSpec);
  }
  let schema = perSpec.get(component);
  if (!schema) {
    schema = withoutListingKey(spec.componentSchema(component)) as JsonSchema;
    perSpec.set(component, schema);
  }
  return schema;
}
