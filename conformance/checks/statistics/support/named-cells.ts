import type { ApiResponse } from '../../../src/core/http-client.ts';
import { failWith } from '../../../src/core/expect.ts';
import type { ActivityCell } from './activity-cells.ts';
import type { CellFields } from './cell-fields.ts';
import { longestObjectArray } from './object-arrays.ts';

/** The cells of a 200 activity-pattern answer (its longest array of objects) under the probed names. */
export function namedCells(response: ApiResponse, fields: CellFields): ActivityCell[] {
  const cells = longestObjectArray(response.body);
  if (cells === undefined)
    failWith(response, 'the activity pattern has no list of cells', 'an array of cell objects', 'none');
  return cells.items.map((cell) => ({
    weekday: cell[fields.weekday],
    hour: cell[fields.hour],
    count: cell[fields.count],
    average: cell[fields.average],
  }));
}
