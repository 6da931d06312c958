import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../spec/src/spec-loader.ts';
import { ERRORS } from './errors.ts';

/** Every (code, status) pair the spec's response schemas enumerate under `error.code`. */
function codesInSpec(node: unknown, status: string | undefined, found: Array<[string, string]>): void {
  if (Array.isArray(node)) {
    for (const item of node) codesInSpec(item, status, found);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const error = (record.properties as Record<string, unknown> | undefined)?.error as
    { properties?: { code?: { enum?: string[] } } } | undefined;
  for (const code of error?.properties?.code?.enum ?? []) found.push([code, status ?? '?']);
  for (const [key, value] of Object.entries(record)) {
    codesInSpec(value, /^[1-5]\d\d$/.test(key) ? key : status, found);
  }
}

describe('error registry', () => {
  let pairs: Array<[string, string]>;

  beforeAll(async () => {
    const spec = await loadSpec();
    pairs = [];
    codesInSpec(spec.paths, undefined, pairs);
  });

  it('holds exactly the error codes the spec enumerates', () => {
    const specCodes = [...new Set(pairs.map(([code]) => code))].sort();
    expect(Object.keys(ERRORS).sort()).toEqual(specCodes);
  });

  it('gives every code the HTTP status under which the spec lists it', () => {
    const mismatches = pairs.filter(
      ([code, status]) => String(ERRORS[code as keyof typeof ERRORS]?.status) !== status,
    );
    expect(mismatches).toEqual([]);
  });

  it('has a non-empty default message for every code', () => {
    for (const { message } of Object.values(ERRORS)) expect(message.length).toBeGreaterThan(0);
  });
});
