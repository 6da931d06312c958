/**
 * Reading names against a catalogue of named entries: the deliberate faults (faults.ts)
 * and the legitimate variants (variants.ts) are both switched on by name, from
 * `createApp` options or a comma-separated CLI list, and an unknown name is an error,
 * never silently ignored.
 */

/** What the catalogue lists, as its messages call it (`Unknown fault: …`, `--list-faults`). */
export type CatalogueKind = 'fault' | 'variant';

export interface CatalogueNames<N extends string> {
  /** Whether `name` is an entry of the catalogue. */
  isName(name: string): name is N;
  /** Checks a set of names against the catalogue; an unknown name is an error, never silently ignored. */
  toSet(names: Iterable<string>): ReadonlySet<N>;
  /** `a,b` (spaces allowed, empty items ignored) → the set; refuses names not in the catalogue. */
  parse(list: string): Set<N>;
}

/** The name readers of a catalogue whose entries are `{ name }`, its messages naming it by `kind`. */
export function catalogueNames<N extends string>(
  entries: readonly { name: N }[],
  kind: CatalogueKind,
): CatalogueNames<N> {
  const known: ReadonlySet<string> = new Set(entries.map((entry) => entry.name));
  const isName = (name: string): name is N => known.has(name);

  function toSet(names: Iterable<string>): ReadonlySet<N> {
    const set = new Set<N>();
    const unknown: string[] = [];
    for (const name of names) {
      if (isName(name)) set.add(name);
      else unknown.push(name);
    }
    if (unknown.length > 0) {
      throw new Error(
        `Unknown ${kind}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (see --list-${kind}s for the catalogue).`,
      );
    }
    return set;
  }

  function parse(list: string): Set<N> {
    const names = list
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name.length > 0);
    return new Set(toSet(names));
  }

  return { isName, toSet, parse };
}
