/**
 * Blind variant set 2 (README.md): legitimate servers written from the API description alone.
 * Off unless named (`--variants bv2-…`, `createApp({ variants })`); each is consulted by
 * `context.variants.has(name)` where its choice is made.
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_2 = [] as const satisfies readonly BlindVariant[];

export type BlindVariant2Name = (typeof BLIND_VARIANTS_2)[number]['name'];
