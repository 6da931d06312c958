import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'reports/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One fork per core: left to itself, vitest ran one file at a time on the 2-core CI machine
    // (two files of 24 s and 17 s: 42.6 s; with two forks 25.5 s). Most of the long files wait
    // on minute windows or on servers in their own process, so they overlap well.
    maxWorkers: '100%',
    // The concurrent tests are whole-suite runs that wait out minute windows (each against its own
    // server): twelve at once in faults-protocol took 116 s, five at a time 210 s.
    maxConcurrency: 12,
  },
});
