/**
 * The arrays of objects anywhere in a JSON body, with where they are — how the name-free
 * statistics checks find "the cells" or "the points" whatever a server calls them (D7, D13).
 */
export interface ObjectArray {
  /** JSON path, e.g. `$.data` or `$.pattern.cells`. */
  path: string;
  length: number;
  items: Array<Record<string, unknown>>;
}

export function objectArraysIn(body: unknown, path = '$'): ObjectArray[] {
  if (Array.isArray(body)) {
    const found: ObjectArray[] = [];
    if (
      body.length > 0 &&
      body.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
    ) {
      found.push({ path, length: body.length, items: body as Array<Record<string, unknown>> });
    }
    body.forEach((item, i) => found.push(...objectArraysIn(item, `${path}[${i}]`)));
    return found;
  }
  if (typeof body === 'object' && body !== null) {
    return Object.entries(body).flatMap(([key, value]) => objectArraysIn(value, `${path}.${key}`));
  }
  return [];
}

/** The longest array of objects of a body (the points or the cells), if any. */
export function longestObjectArray(body: unknown): ObjectArray | undefined {
  return objectArraysIn(body).sort((a, b) => b.length - a.length)[0];
}
