import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../spec/src/spec-loader.ts';
import { DEFAULT_PROFILE, type Profile } from './profile.ts';
import { specForProfile } from './spec-for-profile.ts';

const urls = (listingKey: string) => ({
  self: 'http://h/api/v1/games/1',
  [listingKey]: 'https://example.org/games/one',
  website: null,
  discord: null,
  banner: 'https://example.org/b.png',
  play: null,
});

describe('the spec as the suite validates with a profile', () => {
  it('does not require the listing-URL key, whose name is open (D1)', async () => {
    const spec = specForProfile(await loadSpec(), DEFAULT_PROFILE);
    expect(spec.validateComponent('GameUrlsSummary', urls('mudverse')).valid).toBe(true);
    expect(spec.validateComponent('GameUrlsSummary', urls('listing')).valid).toBe(true);
  });

  it("types the profile's listing-URL key when present (D1)", async () => {
    const spec = specForProfile(await loadSpec(), DEFAULT_PROFILE);
    expect(spec.validateComponent('GameUrlsSummary', { ...urls('x'), mudverse: 42 }).valid).toBe(false);
  });

  it("requires the profile's listing-URL key instead when the profile names another (D1)", async () => {
    const profile: Profile = { ...DEFAULT_PROFILE, listingUrlKey: 'listing' };
    const spec = specForProfile(await loadSpec(), profile);
    expect(spec.validateComponent('GameUrlsSummary', urls('listing')).valid).toBe(true);
    expect(
      spec.validateComponent('GameUrlsDetail', {
        ...urls('listing'),
        mssp: 'http://h/m',
        players: 'http://h/p',
        reviews: 'http://h/r',
      }).valid,
    ).toBe(true);
  });

  it("validates statistics points with the profile's field names (D7)", async () => {
    const fields = { date: 'ts', count: 'n', average: 'avg', min: 'lo', max: 'hi' };
    const spec = specForProfile(await loadSpec(), {
      ...DEFAULT_PROFILE,
      statistics: { ...DEFAULT_PROFILE.statistics, fields },
    });
    expect(
      spec.validateComponent('StatisticsPoint', { ts: 1, n: 0, avg: null, lo: null, hi: null }).valid,
    ).toBe(true);
    expect(
      spec.validateComponent('StatisticsPoint', { date: 1, count: 0, average: null, min: null, max: null })
        .valid,
    ).toBe(false);
  });

  it("accepts the profile's missing-review code on GET /reviews/{id} 404 (D16)", async () => {
    const spec = specForProfile(await loadSpec(), { ...DEFAULT_PROFILE, missingReviewCodes: ['not_found'] });
    const body = { error: { code: 'not_found', message: 'x' }, request_id: 'r' };
    const headers = {
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1',
      'x-request-id': 'r',
    };
    expect(spec.validateResponse('getReview', 404, headers, body).valid).toBe(true);
    expect(
      spec.validateResponse('getReview', 404, headers, { ...body, error: { code: 'gone', message: 'x' } })
        .valid,
    ).toBe(false);
  });

  it('leaves the shared spec untouched', async () => {
    specForProfile(await loadSpec(), { ...DEFAULT_PROFILE, listingUrlKey: 'listing' });
    const spec = specForProfile(await loadSpec(), DEFAULT_PROFILE);
    expect(spec.validateComponent('GameUrlsSummary', urls('mudverse')).valid).toBe(true);
  });
});

describe('open points the profile does not name', () => {
  it('does not require the rate-limit headers on 503 (D37)', async () => {
    const spec = specForProfile(await loadSpec(), DEFAULT_PROFILE);
    const body = { error: { code: 'statistics_pending', message: 'x' }, request_id: 'r' };
    expect(spec.validateResponse('getGameStatistics', 503, {}, body).valid).toBe(true);
  });
});
