#!/usr/bin/env -S node --max-semi-space-size=8 --heap-growing-percent=300
// The reference server's bin (same options as `npm start`). Installed from the package it
// runs the compiled JavaScript of dist/; in a clone without a build, the TypeScript sources
// through tsx (a devDependency). The Node version is checked before anything else is loaded.
// --max-semi-space-size=8: V8's young generation otherwise grows to 128 MiB under load, all of
// it resident, for a server whose requests allocate small short-lived objects (measured at
// 100,000 games: RSS after load 456 MiB by default, 374 at 16, 360 at 8, throughput within the
// run-to-run noise; README, performance).
// --heap-growing-percent=300: the old generation may grow to four times what a full collection
// leaves before the next one starts (V8 chose ~1.2× here). Under distinct queries every young
// collection promotes the ~100 KB of the requests in flight, and each full collection marks the
// ~105 MB of the 100,000 games' records again: one every ~0.5–1 s took 30–75 ms of the main
// thread and the concurrent marker the other core. With it, about a third as many (distinct
// queries at 100,000 games: 80–97 against 97–115 µs of server CPU a request, alternated runs).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const NEEDED = [22, 19];
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  process.stderr.write(
    `gamedir-reference-server: needs Node.js ${NEEDED.join('.')} or newer (the LTS lines 22 and 24); ` +
      `this is Node.js ${process.versions.node}\n`,
  );
  process.exit(2);
}

// Node's on-disk compile cache (in the system's temporary directory; NODE_DISABLE_COMPILE_CACHE=1
// turns it off): starts after the first skip compiling the server's and Express's code (measured:
// ready 180-210 -> 150-170 ms with no games).
module.enableCompileCache?.();

try {
  const built = new URL('../../dist/reference-server/src/cli.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) {
    await import(built.href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import('../src/cli.ts');
  }
} catch (error) {
  process.stderr.write(
    `gamedir-reference-server: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(2);
}
