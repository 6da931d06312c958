#!/usr/bin/env node
// The suite's bin. Installed from the package it runs the compiled JavaScript of dist/; in a
// clone without a build it runs the TypeScript sources through tsx (a devDependency).
// The Node version is checked first, before any module that needs a newer one is loaded.
// Any failure to even start is exit code 2 ("could not run"), like the CLI's own.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const NEEDED = [22, 19];
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  process.stderr.write(
    `gamedir-conformance: needs Node.js ${NEEDED.join('.')} or newer (the LTS lines 22 and 24); ` +
      `this is Node.js ${process.versions.node}\n`,
  );
  process.exit(2);
}

try {
  const built = new URL('../../dist/conformance/src/cli.js', import.meta.url);
  let main;
  if (existsSync(fileURLToPath(built))) {
    ({ main } = await import(built.href));
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('../src/cli.ts'));
  }
  await main();
} catch (error) {
  process.stderr.write(`gamedir-conformance: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
