/**
 * The spec as a client's source (issue #23 item 3): a client generated from spec/openapi.yaml, a
 * consumer calling every operation compiled with `tsc --strict`, then run against an in-process
 * reference server — by two generators:
 * - openapi-typescript (types only; generated-client/consumer.ts): plain `fetch` typed by the
 *   generated `paths` stands in for openapi-fetch, which the project does not depend on: the
 *   types are what a generator gets right or wrong, not the fetch wrapper.
 * - @hey-api/openapi-ts 0.99 (a fetch SDK, one function per operation, its runtime emitted beside
 *   it; generated-client/hey-api-consumer.ts).
 *
 * Frictions met with @hey-api/openapi-ts: it keeps every required field required, the detail's
 * `allOf` parts included (`GameUrlsDetail`, `ConnectionDetail` are intersections with the
 * required properties; with the old required-only parts it too made them optional, the second
 * test); it ignores the path-level `servers` of `/json.php` like every other tool (the consumer
 * passes the origin as that call's `baseUrl`); a relative `-i spec/openapi.yaml` is read as a
 * Hey API registry shorthand `organization/project` (an absolute path is given); the spec's
 * `Date` schema becomes `export type Date = string`, shadowing the global `Date` for whoever
 * imports it by that name.
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
const CONSUMER_DIR = resolve('spec/test/generated-client');

type Generator = 'openapi-typescript' | 'hey-api';
/** Each generator's consumer, in CONSUMER_DIR. */
const CONSUMERS: Record<Generator, string> = {
  'openapi-typescript': 'consumer.ts',
  'hey-api': 'hey-api-consumer.ts',
};

/**
 * A project laid out as the repository is (spec/generated, spec/test/generated-client), with the
 * client `generator` makes of `spec` (openapi-typescript: spec/generated/openapi.d.ts; hey-api:
 * an SDK in spec/test/generated-client/hey-api/) and that generator's consumer.
 */
async function generateClient(spec: string, generator: Generator = 'openapi-typescript'): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'generated-client-'));
  const consumerDir = join(root, 'spec/test/generated-client');
  mkdirSync(join(root, 'spec/generated'), { recursive: true });
  mkdirSync(consumerDir, { recursive: true });
  if (generator === 'openapi-typescript') {
    await run(join(BIN, 'openapi-typescript'), [spec, '-o', join(root, 'spec/generated/openapi.d.ts')]);
  } else {
    // An absolute input: a relative `a/b` is taken for a Hey API registry shorthand.
    await run(
      join(BIN, 'openapi-ts'),
      ['-i', resolve(spec), '-o', join(consumerDir, 'hey-api'), '--silent', '--no-log-file'],
      { cwd: root },
    );
  }
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  const consumer = CONSUMERS[generator];
  cpSync(join(CONSUMER_DIR, consumer), join(consumerDir, consumer));
  writeFileSync(
    join(consumerDir, 'main.ts'),
    [
      `import { callEveryOperation } from './${consumer}';`,
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

/** Each operation's status, as the description and D19 answer them; both consumers label them alike. */
const EXPECTED_STATUSES = {
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
};

describe.each(Object.keys(CONSUMERS) as Generator[])(
  'a client generated from spec/openapi.yaml by %s',
  (generator) => {
    let server: ReferenceServer;
    const roots: string[] = [];
    /** A generated project, removed after the tests. */
    const generated = async (spec: string) => {
      const root = await generateClient(spec, generator);
      roots.push(root);
      return root;
    };

    beforeAll(async () => {
      server = await startReferenceServer({ games: 60 });
    });
    afterAll(async () => {
      await server?.close();
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    });

    it('compiles with tsc --strict and gets every operation answered as documented', async () => {
      const root = await generated(SPEC_PATH);

      const compiled = await compile(root);
      expect(compiled.output).toBe('');
      const { stdout } = await run(process.execPath, [
        join(root, 'out/spec/test/generated-client/main.js'),
        server.url,
        server.keys.conformance!,
      ]);

      expect(JSON.parse(stdout)).toEqual(EXPECTED_STATUSES);
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
      const specDir = mkdtempSync(join(tmpdir(), 'required-only-'));
      roots.push(specDir);
      writeFileSync(join(specDir, 'openapi.yaml'), stringify(spec));

      const compiled = await compile(await generated(join(specDir, 'openapi.yaml')));

      expect(compiled.ok).toBe(false);
      // urls.mssp, urls.players, urls.reviews, then connection.mssp_port.
      const errors = compiled.output.match(/consumer\.ts\(\d+,\d+\): error TS2322: .*/g) ?? [];
      expect(errors.filter((e) => e.includes("'string | undefined' is not assignable"))).toHaveLength(3);
      expect(errors.filter((e) => e.includes("'number | null | undefined' is not assignable"))).toHaveLength(
        1,
      );
    });
  },
  180_000,
);
