/** The value at a dotted path (`status.latest_players`) of a JSON value; undefined when a step is missing. */
export function valueAt(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
