import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { filterViolations, WINDOW_SLACK_MS } from './filter-violations.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 24 * 3600 * 1000;

const game = (overrides: {
  updated?: string | null;
  connect?: string | null;
  reviews?: number;
  webOnly?: boolean;
}) =>
  ({
    id: 7,
    reviews: { count: overrides.reviews ?? 0 },
    dates: { updated: overrides.updated ?? null },
    status: { web_only: overrides.webOnly ?? false, last_successful_connect: overrides.connect ?? null },
    tags: { categories: { anything: { id: 120, name: 'CircleMUD' } }, custom: [] },
  }) as unknown as GameSummary;

describe('filterViolations', () => {
  it('finds tag ids whatever the category key (D2)', () => {
    expect(filterViolations(game({}), { tags: [{ param: 'codebase_tag_id', ids: [3, 120] }] }, NOW)).toEqual(
      [],
    );
    expect(filterViolations(game({}), { tags: [{ param: 'codebase_tag_id', ids: [3] }] }, NOW)).toHaveLength(
      1,
    );
  });

  it('judges the windows against the server time with slack (D48)', () => {
    const edge = new Date(NOW - 30 * DAY - WINDOW_SLACK_MS / 2).toISOString();
    const outside = new Date(NOW - 31 * DAY).toISOString();
    expect(filterViolations(game({ updated: edge }), { recentlyUpdated: true }, NOW)).toEqual([]);
    expect(filterViolations(game({ updated: outside }), { recentlyUpdated: true }, NOW)).toHaveLength(1);
    expect(filterViolations(game({ connect: null }), { onlineRecently: true }, NOW)).toHaveLength(1);
  });

  it('checks connection type and reviews', () => {
    expect(filterViolations(game({ webOnly: true }), { connectionType: 'mud_client' }, NOW)).toHaveLength(1);
    expect(filterViolations(game({ reviews: 0 }), { hasReviews: true }, NOW)).toHaveLength(1);
    expect(
      filterViolations(
        game({ reviews: 2, webOnly: true }),
        { hasReviews: true, connectionType: 'web_only' },
        NOW,
      ),
    ).toEqual([]);
  });
});
