/**
 * Reads the names the API description (spec/api-description.md, a verbatim copy of the
 * seed) puts in its tables, so the spec tests compare the OpenAPI document with the
 * description itself rather than with a list typed again by hand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DESCRIPTION_PATH = fileURLToPath(new URL('../api-description.md', import.meta.url));
const text = readFileSync(DESCRIPTION_PATH, 'utf8');

export interface TableRow {
  cells: string[];
}

/** The markdown table that follows the first line matching `heading` (a heading or a lead-in line). */
export function tableAfter(heading: RegExp, from = 0): TableRow[] {
  const lines = text.split('\n');
  let i = lines.findIndex((line, index) => index >= from && heading.test(line));
  if (i < 0) throw new Error(`No line matches ${heading}`);
  while (i < lines.length && !lines[i]!.startsWith('|')) i++;
  const rows: TableRow[] = [];
  for (; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = lines[i]!.split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    rows.push({ cells });
  }
  return rows.slice(1); // drop the header row
}

export function lineIndex(pattern: RegExp): number {
  const index = text.split('\n').findIndex((line) => pattern.test(line));
  if (index < 0) throw new Error(`No line matches ${pattern}`);
  return index;
}

/** `x` → x; `a[]` stays `a[]`. */
export function unquote(cell: string): string {
  return cell.replace(/`/g, '').trim();
}

/** The endpoint paths named in `### GET /…` headings and the statistics prose. */
export function endpointPaths(): string[] {
  const headings = [...text.matchAll(/^### GET (\/\S+)/gm)].map((m) => m[1]!);
  const prose = [...text.matchAll(/`GET (\/games\/\{gameId\}\/[a-z-]+)`/g)].map((m) => m[1]!);
  return [...new Set([...headings, ...prose])];
}

export function descriptionText(): string {
  return text;
}
