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
    const records = this.records;
    let low = 0;
    let high = records.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = records[middle]!.id;
      if (found === id) return middle;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  get(id: number): T | undefined {
    const position = this.positionOf(id);
    return position === -1 ? undefined : this.records[position];
  }
}
