/**
 * The class fixes made after blind fault set 30 (text that is not plain ASCII words): each check
 * passes the reference server and fails against the blind fault whose escape showed the class
 * missing — within the cases a default run reaches (`--runs` as each case's place needs). Left,
 * see the blind-faults README's measurement of set 30.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 30', () => {
  itFixesEach(
    [
      // A body that is not UTF-8 is not JSON: an error echoing an emoji in CESU-8 (third example).
      ['blind30-error-body-cesu8', 'PROTOCOL-HOSTILE-QUERY-VALUES'],
      // Statistics dates in full-width digits (third example); an activity-pattern date followed
      // by a line feed, refused with a space (fourth).
      ['blind30-stats-date-unicode-digits-accepted', 'STATISTICS-INVALID-DATES'],
      ['blind30-activity-date-trailing-newline-accepted', 'STATISTICS-INVALID-DATES'],
    ],
    { runs: 4 },
  );

  // Player-history dates with Unicode hyphens (sixth example); a no-break space between the scheme
  // and the key (sixth example; the key with a superscript digit is the seventh).
  describe('…the later examples of the date and key checks', () => {
    itFixesEach(
      [
        ['blind30-players-date-unicode-dashes-accepted', 'PLAYERS-IMPOSSIBLE-DATES'],
        ['blind30-authorization-nfkc-normalised', 'AUTH-KEY-FRAMES'],
      ],
      { runs: 6 },
    );
  });

  // GET /tags asking for UTF-16 (the property's second example). The reference server's response
  // cache, keyed by the URL, answers a URL asked twice within a second without reaching the
  // handler (the headers sent together asked GET /tags just before), so this runs on a server
  // without it, as set 20's header-dependent answers do; a server without such a cache shows the
  // fault at every such request.
  describe('…a header-dependent answer (no response cache)', () => {
    itFixesEach([['blind30-tags-accept-charset-utf16', 'PROTOCOL-CLIENT-HEADERS-IGNORED']], {
      runs: 2,
      responseCache: false,
    });
  });
});
