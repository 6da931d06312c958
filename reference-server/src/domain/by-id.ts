/**
 * Records looked up by id through a binary search over the records in id order, instead
 * of a Map: a generated directory's games and reviews already come in id order (Dataset),
 * so the lookup costs no memory; a Map of 100,000 entries costs about 4 MB. Each record
 * also has a position (0 … size − 1) that per-record figures can be kept at in typed arrays.
 */
export class ById<T extends { readonly id: number }> {
  /** The records in id order (the given array itself when it already is). */
  readonly records: readonly T[];

  constructor(records: readonly T[]) {
    let sorted = true;
    for (let i = 1; i < records.length && sorted; i++) sorted = records[i - 1]!.id < records[i]!.id;
    this.records = sorted ? records : [...records].sort((a, b) => a.id - b.id);
  }

  get size(): number {
    return this.records.length;
  }

  /** The record's position in id order, or −1 when no record has that id. */
  positionOf(id: number): number {
    return indexInAscending(this.records.length, (i) => this.records[i]!.id, id);
  }

  get(id: number): T | undefined {
    const position = this.positionOf(id);
    return position === -1 ? undefined : this.records[position];
  }
}

/** Binary search over `size` keys in ascending order (`keyAt`): the index of `key`, or −1. */
export function indexInAscending(size: number, keyAt: (index: number) => number, key: number): number {
  let low = 0;
  let high = size - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = keyAt(middle);
    if (found === key) return middle;
    if (found < key) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
