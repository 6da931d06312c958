import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { observedGets } from '../../harness/observed-gets.ts';
import type { ActivityCell } from './activity-cells.ts';
import type { CellFields } from './cell-fields.ts';
import { namedCells } from './named-cells.ts';

/**
 * Judges every activity pattern the run receives, to its end (the other checks' zones, long
 * ranges and single days among them), sending nothing: what holds of every answer — its grid, a
 * cell's null average — holds in each, whatever was asked. Its cells are read under the probed
 * names, as the check's own.
 */
export function judgeObservedActivity(
  ctx: CheckContext,
  fields: CellFields,
  judge: (response: ApiResponse, cells: ActivityCell[]) => void,
): void {
  ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/activity-pattern$/), (response) => {
    judge(response, namedCells(response, fields));
    return true;
  });
}
