import { describe, expect, it } from 'vitest';
import { parseGameQuery } from './game-query.ts';

function parsed(query: Record<string, string | string[]>) {
  const result = parseGameQuery(query);
  if ('error' in result) throw new Error(`unexpected error ${result.error.message}`);
  return result.ok;
}

function errorOf(query: Record<string, string | string[]>) {
  const result = parseGameQuery(query);
  return 'error' in result ? [result.error.status, result.error.code] : undefined;
}

describe('parseGameQuery', () => {
  it('applies the defaults of §4', () => {
    expect(parsed({})).toMatchObject({
      sort: 'last_updated',
      connectionType: 'all',
      page: 1,
      perPage: 20,
      terms: [],
    });
  });

  it('splits q on whitespace into lower-case terms', () => {
    expect(parsed({ q: '  Dark\tELF  realm ' }).terms).toEqual(['dark', 'elf', 'realm']);
  });

  it('falls back to last_updated for an unknown sort', () => {
    expect(parsed({ sort: 'TOP_VOTED' }).sort).toBe('last_updated');
  });

  it('accepts per_page 50', () => {
    expect(parsed({ per_page: '50' }).perPage).toBe(50);
  });

  it.each(['1e3', '0x10', '+5', '05', '1.0', '', '-1', '0', '9007199254740992', ' 5'])(
    'refuses the page %j with 422 invalid_filter',
    (page) => {
      expect(errorOf({ page })).toEqual([422, 'invalid_filter']);
    },
  );

  it('refuses a repeated scalar parameter', () => {
    expect(errorOf({ per_page: ['10', '10'] })).toEqual([422, 'invalid_filter']);
  });

  it('takes the union of the bracketed and bare tag parameters (D52)', () => {
    expect(parsed({ 'theme_tag_id[]': ['3', '4'], theme_tag_id: '5' }).tagIds.theme).toEqual([3, 4, 5]);
  });

  it('refuses a tag id repeated within one parameter', () => {
    expect(errorOf({ 'theme_tag_id[]': ['3', '3'] })).toEqual([422, 'invalid_filter']);
  });

  it('accepts an unknown but well-formed tag id (D20)', () => {
    expect(parsed({ 'codebase_tag_id[]': '123456' }).tagIds.codebase).toEqual([123456]);
  });

  it.each(['0', '', 'true', '1 '])('refuses the flag value %j (D47)', (value) => {
    expect(errorOf({ has_reviews: value })).toEqual([422, 'invalid_filter']);
  });

  it('refuses web_only with online_recently (§4 rule 3)', () => {
    expect(errorOf({ connection_type: 'web_only', online_recently: '1' })).toEqual([422, 'invalid_filter']);
  });

  it('refuses web_only with sort=recently_online (§4 rule 3)', () => {
    expect(errorOf({ connection_type: 'web_only', sort: 'recently_online' })).toEqual([
      422,
      'invalid_filter',
    ]);
  });

  it('names the offending parameter in the details', () => {
    const result = parseGameQuery({ per_page: '99' });
    expect('error' in result && result.error.details).toEqual({ parameter: 'per_page', value: '99' });
  });
});
