#!/usr/bin/env node
// The package bin: registers tsx's ESM loader in this process, then runs the TypeScript CLI.
// Any failure to even start is exit code 2 ("could not run"), like the CLI's own.
import { register } from 'tsx/esm/api';

try {
  register();
  const { main } = await import('../src/cli.ts');
  await main();
} catch (error) {
  process.stderr.write(`gamedir-conformance: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
