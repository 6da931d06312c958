/**
 * spec/admin-openapi.yaml, the reference server's control interface (issue #23), held to what
 * spec/openapi.yaml is held to as a document: swagger-parser's validation as OpenAPI 3.1.0 and
 * Redocly's recommended ruleset. That it matches the server is shown by the admin tests of
 * reference-server/test/, which validate every answer of the interface against it.
 */
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

const ADMIN_SPEC_PATH = fileURLToPath(new URL('../admin-openapi.yaml', import.meta.url));

describe('spec/admin-openapi.yaml as a document', () => {
  it('validates with swagger-parser as OpenAPI 3.1.0', async () => {
    const api = (await SwaggerParser.validate(ADMIN_SPEC_PATH)) as { openapi: string; paths: object };
    expect(api.openapi).toBe('3.1.0');
    // Never under the API's base: the control interface is not part of it.
    for (const path of Object.keys(api.paths)) expect(path).not.toMatch(/^\/api\/v1/);
  });

  // One rule off: reads that cannot fail (GET /state, /clock, /faults …) have no 4XX to document.
  it("lints with zero problems under Redocly's recommended ruleset (but operation-4xx-response)", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'operation-4xx-response': 'off' },
    });
    const problems = await lint({ ref: ADMIN_SPEC_PATH, config });
    const open = problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(open).toEqual([]);
  });
});
