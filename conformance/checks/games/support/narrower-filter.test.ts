import { describe, expect, it } from 'vitest';
import { narrowerFilter } from './narrower-filter.ts';

describe('narrowerFilter', () => {
  it('adds terms, flags and new categories but never ids to an existing category', () => {
    const narrower = narrowerFilter(
      { q: 'dark', tags: [{ param: 'codebase_tag_id', ids: [120] }] },
      {
        q: 'peaks',
        hasReviews: true,
        tags: [
          { param: 'codebase_tag_id', ids: [121] },
          { param: 'theme_tag_id', ids: [156] },
        ],
      },
    );
    expect(narrower).toEqual({
      q: 'dark peaks',
      hasReviews: true,
      tags: [
        { param: 'codebase_tag_id', ids: [120] },
        { param: 'theme_tag_id', ids: [156] },
      ],
    });
  });

  it('does not add web_only to a query that needs connection tests (§4 rule 3)', () => {
    expect(narrowerFilter({ onlineRecently: true }, { connectionType: 'web_only' })).toEqual({
      onlineRecently: true,
    });
    expect(narrowerFilter({ connectionType: 'web_only' }, { onlineRecently: true })).toEqual({
      connectionType: 'web_only',
    });
  });
});
