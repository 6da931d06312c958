import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../spec/src/spec-loader.ts';
import { DEFAULT_PROFILE } from '../../src/core/profile.ts';
import { specForProfile } from '../../src/core/spec-for-profile.ts';
import { tolerantGameSchema } from './tolerant-game-schema.ts';

describe('tolerantGameSchema', () => {
  it("drops the profile's listing-URL key, which ctx.spec requires (D1)", async () => {
    const spec = specForProfile(await loadSpec(), { ...DEFAULT_PROFILE, listingUrlKey: 'listing' });
    const urlsSchema = (schema: unknown) =>
      JSON.stringify(schema).includes('"listing"') ? 'keeps it' : 'drops it';

    expect(urlsSchema(spec.componentSchema('GameDetail'))).toBe('keeps it');
    expect(urlsSchema(tolerantGameSchema(spec, 'listing', 'GameDetail'))).toBe('drops it');
  });
});
