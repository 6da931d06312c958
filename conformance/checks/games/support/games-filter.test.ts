import { describe, expect, it } from 'vitest';
import { searchTerms, toQueryPairs, withoutForbiddenCombination } from './games-filter.ts';

describe('toQueryPairs', () => {
  it('repeats bracketed tag parameters and drops brackets only for a single id', () => {
    expect(
      toQueryPairs({
        q: 'a b',
        tags: [
          { param: 'theme_tag_id', ids: [1, 2], bracketless: true },
          { param: 'type_tag_id', ids: [3], bracketless: true },
        ],
        page: 2,
      }),
    ).toEqual([
      ['q', 'a b'],
      ['theme_tag_id[]', 1],
      ['theme_tag_id[]', 2],
      ['type_tag_id', 3],
      ['page', 2],
    ]);
  });
});

describe('withoutForbiddenCombination', () => {
  it('drops online_recently and sort=recently_online next to web_only (§4 rule 3)', () => {
    expect(
      withoutForbiddenCombination({
        connectionType: 'web_only',
        onlineRecently: true,
        sort: 'recently_online',
      }),
    ).toEqual({
      connectionType: 'web_only',
      sort: 'last_updated',
    });
  });
});

describe('searchTerms', () => {
  it('splits on any whitespace', () => {
    expect(searchTerms(' dark\t realm ')).toEqual(['dark', 'realm']);
  });
});
