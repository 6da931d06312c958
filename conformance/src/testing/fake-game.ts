/**
 * Pieces for the fake API (fake-api.ts) of the checks' tests: the headers a 200 carries once a
 * key is admitted (the spec requires them), and a game as the API shows it, valid against the
 * spec's GameSummary (and, with `detail`, GameDetail).
 */
import type { Request, RequestHandler } from 'express';

/** The rate-limit headers and X-Request-ID of every answer (§7: after authentication). */
export const admittedHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-RateLimit-Limit', '60');
  res.setHeader('X-RateLimit-Remaining', '59');
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + 60));
  res.setHeader('X-Request-ID', 'req-1');
  next();
};

/** The origin a request reached (for the absolute links of an answer). */
export const originOf = (req: Request): string => `${req.protocol}://${req.get('host')}`;

export interface FakeGameOptions {
  id?: number;
  name?: string;
  /** Archived: §2 rule 1 (play and rank null, not confirmed online, a reason set). */
  archived?: boolean;
  votes?: number;
  reviews?: { count: number; average_rating: number | null; rating_count: number };
  /** The API's origin, for `urls.self` and the detail links. */
  origin?: string;
}

/** A MUD-client game's summary; `detail` adds the description and watcher count. */
export function fakeGame(options: FakeGameOptions = {}, detail = false): Record<string, unknown> {
  const { id = 7, name = 'Emberfall', archived = false, votes = 12, origin = 'http://127.0.0.1:1' } = options;
  const summary = {
    id,
    name,
    intro: 'A quiet town.',
    urls: {
      self: `${origin}/api/v1/games/${id}`,
      mudverse: `https://mudverse.example/games/${id}`,
      website: 'https://emberfall.example',
      discord: null,
      banner: `https://mudverse.example/banners/${id}.png`,
      play: archived ? null : 'telnet://emberfall.example:4000',
      mssp: `${origin}/api/v1/games/${id}/mssp`,
      players: `${origin}/api/v1/games/${id}/players`,
      reviews: `${origin}/api/v1/reviews?game_id=${id}`,
    },
    connection: { host: 'emberfall.example', port: 4000, tls_port: null, mssp_port: 4000 },
    ranking: { rank: archived ? null : 3, monthly_votes: votes },
    reviews: options.reviews ?? { count: 0, average_rating: null, rating_count: 0 },
    tags: { categories: {}, custom: [] },
    dates: {
      created: '2020-01-01T00:00:00Z',
      listed: '2020-01-01T00:00:00Z',
      updated: '2026-11-01T00:00:00Z',
    },
    status: {
      archived,
      archive_reason: archived ? 'non_connectivity' : null,
      web_only: false,
      last_crawled: '2026-11-30T12:00:00Z',
      last_successful_connect: '2026-11-20T12:00:00Z',
      confirmed_online: false,
      latest_players: null,
      mssp_collected_at: null,
    },
  };
  return detail ? { ...summary, description: 'Ash and embers.', watcher_count: 2 } : summary;
}
