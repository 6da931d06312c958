/**
 * GAMES-UNLISTED-ARE-ARCHIVED looks up the listing's id gaps most telling first (the games
 * GET /reviews named, then spread over the id range). In id order, the reference directory's
 * first gaps are ids that never existed: a 600-request run spent its three lookups on them and
 * let `unlisted-without-discord` pass (the red CI run on 8c586b6). Now the minimal pass's one
 * case finds the dropped game.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('the id gaps looked up most telling first (the minimal pass alone, --runs 1)', () => {
  itFixesEach([['unlisted-without-discord', 'GAMES-UNLISTED-ARE-ARCHIVED']], { runs: 1 });
});
