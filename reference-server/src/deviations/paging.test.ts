import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../fixtures/src/model.ts';
import { GameIndex } from '../domain/game-index.ts';
import { collection, type PageRequest } from '../domain/pagination.ts';
import { toFaultSet, type FaultName } from '../faults.ts';
import { NO_VARIANTS } from '../variants.ts';
import { deviateCollection } from './paging.ts';

const BASE = 'http://h/api/v1/games';
const DATASET: Dataset = { seed: 1, anchor: 1, taxonomy: { groups: [], custom: [] }, games: [], reviews: [] };
const INDEX = new GameIndex(DATASET);

function envelope(faults: FaultName[], request: Partial<PageRequest> = {}) {
  const full: PageRequest = { page: 2, perPage: 2, total: 5, resourceUrl: BASE, rawQuery: '', ...request };
  const on = { faults: toFaultSet(faults), variants: NO_VARIANTS, index: INDEX };
  return deviateCollection(collection([1, 2], full), full, on);
}

describe('collection envelope deviations', () => {
  it('return the envelope unchanged when no fault is on', () => {
    const request: PageRequest = { page: 1, perPage: 2, total: 5, resourceUrl: BASE, rawQuery: '' };
    const correct = collection([1, 2], request);
    expect(
      deviateCollection(correct, request, { faults: toFaultSet([]), variants: NO_VARIANTS, index: INDEX }),
    ).toBe(correct);
  });

  it('count the page only in meta.total (fault total-is-page-count)', () => {
    expect(envelope(['total-is-page-count']).meta).toEqual({ page: 2, per_page: 2, total: 2 });
  });

  it('keep page and per_page only in the links (fault links-drop-filters)', () => {
    expect(envelope(['links-drop-filters'], { rawQuery: 'sort=newest&per_page=2&q=a' }).links.self).toBe(
      `${BASE}?per_page=2&page=2`,
    );
  });

  it('write the links as paths (fault links-relative)', () => {
    expect(envelope(['links-relative'], { rawQuery: 'q=a' }).links).toEqual({
      self: '/api/v1/games?q=a&page=2',
      next: '/api/v1/games?q=a&page=3',
      previous: '/api/v1/games?q=a&page=1',
    });
  });

  it('link past the last page and before the first (faults next-on-last-page, previous-on-first-page)', () => {
    expect(Object.entries(envelope(['next-on-last-page'], { page: 3 }).links)).toEqual([
      ['self', `${BASE}?page=3`],
      ['next', `${BASE}?page=4`],
      ['previous', `${BASE}?page=2`],
    ]);
    expect(envelope(['previous-on-first-page'], { page: 1 }).links).toEqual({
      self: `${BASE}?page=1`,
      next: `${BASE}?page=2`,
      previous: `${BASE}?page=0`,
    });
  });
});
