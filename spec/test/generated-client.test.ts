/**
 * The spec as a client's source (issue #23 item 3): types generated from spec/openapi.yaml by
 * openapi-typescript, a consumer calling every operation (generated-client/consumer.ts)
 * compiled with `tsc --strict`, then run against an in-process reference server. Plain `fetch`
 * typed by the generated `paths` stands in for openapi-fetch, which the project does not
 * depend on: the types are what a generator gets right or wrong, not the fetch wrapper.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startReferenceServer, type ReferenceServer } from '../../reference-server/src/launch.ts';
import { SPEC_PATH } from '../src/spec-loader.ts';

const run = promisify(execFile);
const BIN = resolve('node_modules/.bin');
const CONSUMER = resolve('spec/test/generated-client/consumer.ts');

/** A project laid out as the repository is (spec/generated, spec/test/generated-client), from `spec`. */
async function generateClient(spec: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'generated-client-'));
  mkdirSync(join(root, 'spec/generated'), { recursive: true });
  mkdirSync(join(root, 'spec/test/generated-client'), { recursive: true });
  await run(join(BIN, 'openapi-typescript'), [spec, '-o', join(root, 'spec/generated/openapi.d.ts')]);
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  cpSync(CONSUMER, join(root, 'spec/test/generated-client/consumer.ts'));
  writeFileSync(
    join(root, 'spec/test/generated-client/main.ts'),
    [
      "import { callEveryOperation } from './consumer.ts';",
      'const [origin, apiKey] = process.argv.slice(2) as [string, string];',
      'console.log(JSON.stringify(await callEveryOperation(origin, apiKey)));',
      '',
    ].join('\n'),
  );
  return root;
}

/** `tsc --strict` on the consumer; the compiler's output (empty when clean) and whether it passed. */
async function compile(root: string): Promise<{ ok: boolean; output: string }> {
  const args = [
    '--strict',
    '--target',
    'ES2023',
    '--lib',
    'ES2023,DOM',
    '--module',
    'NodeNext',
    '--moduleResolution',
    'NodeNext',
    '--rewriteRelativeImportExtensions',
    '--allowImportingTsExtensions',
    'false',
    '--types',
    'node',
    '--typeRoots',
    resolve('node_modules/@types'),
    '--outDir',
    join(root, 'out'),
    '--rootDir',
    root,
    join(root, 'spec/test/generated-client/main.ts'),
  ];
  try {
    await run(join(BIN, 'tsc'), args);
    return { ok: true, output: '' };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

describe('a client generated from spec/openapi.yaml', () => {
  let server: ReferenceServer;
  let root: string;

  beforeAll(async () => {
    server = await startReferenceServer({ games: 60 });
    root = await generateClient(SPEC_PATH);
  });
  afterAll(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('compiles with tsc --strict and gets every operation answered as documented', async () => {
    const compiled = await compile(root);
    expect(compiled.output).toBe('');
    const { stdout } = await run(process.execPath, [
      join(root, 'out/spec/test/generated-client/main.js'),
      server.url,
      server.keys.conformance!,
    ]);
    expect(JSON.parse(stdout)).toEqual({
      listGames: 200,
      getGame: 200,
      getGameMssp: 200,
      getGamePlayers: 200,
      getGameStatistics: 200,
      getGameActivityPattern: 200,
      'getGame unknown id': 404,
      listReviews: 200,
      'listReviews clamped': 200,
      getReview: 200,
      listTags: 200,
      getLegacyJson: 410,
    });
  });

  it('stops compiling when the detail fields are optional again (required-only allOf parts)', async () => {
    // The spec as it was: the detail schemas' second allOf part a bare `required` list.
    const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as {
      components: { schemas: Record<string, { allOf?: Array<Record<string, unknown>> }> };
    };
    for (const name of ['GameUrlsDetail', 'ConnectionDetail']) {
      const part = spec.components.schemas[name]?.allOf?.[1];
      expect(part?.properties, name).toBeDefined();
      delete part!.properties;
      delete part!.type;
    }
    const mutated = join(mkdtempSync(join(tmpdir(), 'required-only-')), 'openapi.yaml');
    writeFileSync(mutated, stringify(spec));
    const weakened = await generateClient(mutated);
    try {
      const compiled = await compile(weakened);
      expect(compiled.ok).toBe(false);
      // urls.mssp, urls.players, urls.reviews, then connection.mssp_port.
      const errors = compiled.output.match(/consumer\.ts\(\d+,\d+\): error TS2322: .*/g) ?? [];
      expect(errors.filter((e) => e.includes("'string | undefined' is not assignable"))).toHaveLength(3);
      expect(errors.filter((e) => e.includes("'number | null | undefined' is not assignable"))).toHaveLength(
        1,
      );
    } finally {
      rmSync(weakened, { recursive: true, force: true });
    }
  });
}, 180_000);
