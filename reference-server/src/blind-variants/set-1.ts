/**
 * Blind variant set 1 (README.md): legitimate servers written from the API description alone.
 * Off unless named (`--variants bv1-…`, `createApp({ variants })`); each is consulted by
 * `context.variants.has(name)` where its choice is made.
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_1 = [] as const satisfies readonly BlindVariant[];

export type BlindVariant1Name = (typeof BLIND_VARIANTS_1)[number]['name'];
