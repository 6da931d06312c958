import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../../spec/src/spec-loader.ts';
import { parameterEdges } from '../../../src/core/parameter-edges.ts';
import { ALL_CHECKS } from '../../../src/registry.ts';
import { EDGES_ASSERTED_ELSEWHERE, edgeKey } from './parameter-edge-cases.ts';

let spec: SpecValidator;
beforeAll(async () => {
  spec = await loadSpecValidator();
});

describe('EDGES_ASSERTED_ELSEWHERE', () => {
  it('names only edges of the spec and registered checks', () => {
    const keys = new Set(
      spec.operations.flatMap((operation) => parameterEdges(spec, operation, '2026-11-26').map(edgeKey)),
    );
    const ids = new Set(ALL_CHECKS.map((check) => check.id));
    for (const [key, check] of Object.entries(EDGES_ASSERTED_ELSEWHERE)) {
      expect(keys, key).toContain(key);
      expect(ids, `${key} → ${check}`).toContain(check);
    }
  });
});
