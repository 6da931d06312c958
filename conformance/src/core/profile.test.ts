import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, loadProfile, mergeProfile, ProfileError } from './profile.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('profiles', () => {
  it('are the defaults without a file', async () => {
    expect(await loadProfile()).toEqual(DEFAULT_PROFILE);
  });

  it('merge a YAML file over the defaults, nested objects key by key', async () => {
    const file = join(dir, 'team.yaml');
    await writeFile(
      file,
      'listingUrlKey: listing\nserviceName: null\nstatistics:\n  metricParam: m\nmissingReviewCodes: [route_not_found]\n',
    );
    const profile = await loadProfile(file);
    expect(profile.listingUrlKey).toBe('listing');
    expect(profile.serviceName).toBeNull();
    expect(profile.statistics.metricParam).toBe('m');
    expect(profile.statistics.resolutionParam).toBe('resolution');
    expect(profile.missingReviewCodes).toEqual(['route_not_found']);
  });

  it('refuse unknown keys, naming them', () => {
    expect(() => mergeProfile({ statistics: { metricParm: 'm' } })).toThrow(/unknown key "metricParm"/);
    expect(() => mergeProfile({ listingURLKey: 'x' })).toThrow(ProfileError);
  });

  it('refuse values of the wrong type or outside an enum', () => {
    expect(() => mergeProfile({ reviewCountsMatch: 'yes' })).toThrow(/must be a boolean/);
    expect(() => mergeProfile({ averageRatingDecimals: 1.5 })).toThrow(/integer from 0 to 15/);
    expect(mergeProfile({ averageRatingDecimals: 1 }).averageRatingDecimals).toBe(1);
    expect(() => mergeProfile({ sortTieBreak: 'random' })).toThrow(/one of id_asc, id_desc, none/);
  });
});
