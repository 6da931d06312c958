/**
 * The class fixes made after blind fault set 27 (a refactor's collateral damage): each check
 * passes the reference server and fails against the blind fault whose escape showed the class
 * missing — within the cases a default run reaches (`--runs` as each case's place needs). Left,
 * see the blind-faults README's measurement of set 27.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 27', () => {
  // A parameter sent empty (`q=`) is a parameter of the request: the links keep it (third case).
  itFixesEach([['blind27-links-drop-empty-params', 'GAMES-LINKS-PRESERVE-QUERY']], { runs: 4 });

  // The key in double quotes after the scheme is malformed (fifth case).
  describe('…a quoted key', () => {
    itFixesEach([['blind27-quoted-bearer-token-accepted', 'AUTH-KEY-FRAMES']], { runs: 5 });
  });

  // A detail asked with a tracker's parameter links the same resources (second case; a quarter of
  // the runs are this check's cases).
  describe('…a detail asked with a parameter no operation defines', () => {
    itFixesEach([['blind27-detail-links-from-request-url', 'GAME-DETAIL-LINKS-LEAD-THERE']], { runs: 8 });
  });
});
