/** Compares two pages of GET /games that must be identical (same total, same ids in the same order). */
import type { CheckContext } from '../../../src/core/check.ts';
import { failureOf } from '../../../src/core/expect.ts';
import type { GamesPage } from '../../harness/games-page.ts';

export function expectSamePage(
  ctx: CheckContext,
  reference: GamesPage,
  page: GamesPage,
  message: string,
): void {
  const expected = reference.body.data.map((g) => g.id).join(', ');
  const received = page.body.data.map((g) => g.id).join(', ');
  if (reference.body.meta.total !== page.body.meta.total || expected !== received) {
    ctx.fail(
      failureOf(
        page.response,
        message,
        `meta.total ${reference.body.meta.total}, ids [${expected}] (as ${reference.response.url})`,
        `meta.total ${page.body.meta.total}, ids [${received}]`,
      ),
    );
  }
}
