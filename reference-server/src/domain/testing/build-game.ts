import type { GameRecord } from '../../../../fixtures/src/model.ts';

/** A small, fully specified game for the domain modules' unit tests; override what a test is about. */
export function buildGame(overrides: Partial<GameRecord> = {}): GameRecord {
  return {
    id: 7,
    slug: 'test-realm',
    name: 'Test Realm',
    intro: 'A realm for tests.',
    description: 'A realm for tests.',
    website: 'https://test-realm.example',
    discord: null,
    banner: 'https://test-realm.example/banner.png',
    host: 'play.test-realm.example',
    port: 4000,
    tlsPort: null,
    msspPort: 4000,
    webOnly: false,
    archiveReason: null,
    monthlyVotes: 10,
    watcherCount: 3,
    categories: {},
    customTags: [],
    created: Date.parse('2020-01-01T00:00:00Z') / 1000,
    listed: Date.parse('2020-01-02T00:00:00Z') / 1000,
    updated: Date.parse('2026-01-01T00:00:00Z') / 1000,
    crawlStart: Date.parse('2024-01-01T00:00:00Z') / 1000,
    crawlEnd: null,
    outages: [],
    msspCollectedAt: null,
    msspRaw: null,
    metricBase: {
      areas: 100,
      helpfiles: 500,
      mobiles: 2000,
      objects: 3000,
      rooms: 10000,
      classes: 8,
      levels: 50,
      races: 6,
      skills: 200,
    },
    playerBase: 40,
    statisticsState: 'ready',
    ...overrides,
  };
}

/** Epoch seconds of an ISO timestamp, for readable test data. */
export function sec(iso: string): number {
  return Date.parse(iso) / 1000;
}

/**
 * A game whose only successful crawls are at `times` (crawl-grid points, ascending):
 * crawling starts at the first, ends at the last, and outages fill the gaps.
 */
export function buildGameWithSamplesAt(times: number[], overrides: Partial<GameRecord> = {}): GameRecord {
  const first = times[0];
  const last = times[times.length - 1];
  if (first === undefined || last === undefined) throw new Error('at least one sample time is needed');
  const outages = times.slice(1).map((t, i) => ({ start: (times[i] ?? 0) + 1, end: t }));
  return buildGame({ crawlStart: first, crawlEnd: last, outages, ...overrides });
}
