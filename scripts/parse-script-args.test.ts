/**
 * The measurement scripts' command lines (parse-script-args.ts): a mistaken one is refused with
 * exit 2 and says what was wrong, before any run starts; `--help` prints the usage.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TSX = join('node_modules', '.bin', 'tsx');

function run(script: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(TSX, [join('scripts', script), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status, stdout, stderr };
}

describe('the measurement scripts refuse a mistaken command line', () => {
  it.each([
    ['blind-variant-matrix.ts', ['bv9-no-such-variant'], /^Unknown blind variant: bv9-no-such-variant/],
    ['blind-fault-matrix.ts', ['no-such-fault'], /^Unknown blind fault: no-such-fault/],
    ['fault-matrix.ts', ['no-such-fault'], /^Unknown fault: no-such-fault/],
    ['blind-variant-matrix.ts', ['--runs', 'abc'], /^--runs: expected an integer >= 1, got 'abc'/],
    ['fault-matrix.ts', ['--max-requests', '0'], /^--max-requests: expected an integer >= 1, got '0'/],
    [
      'blind-variant-matrix.ts',
      ['--window-checks', 'some'],
      /^--window-checks: expected one of worded, all, got 'some'/,
    ],
    ['mutation/mutation-score.ts', ['--bogus'], /^Unknown option '--bogus'/],
    ['mutation/mutation-score.ts', ['extra'], /^Unexpected argument: extra/],
  ])('%s %j: exit 2 and the reason, then the usage', (script, args, reason) => {
    const { status, stdout, stderr } = run(script, args);
    expect(status, stderr).toBe(2);
    expect(stderr).toMatch(reason);
    expect(stderr).toContain('Usage: npx tsx scripts/');
    expect(stdout).toBe('');
  });

  it('prints the usage for --help and exits 0', () => {
    const { status, stdout } = run('blind-fault-matrix.ts', ['--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: npx tsx scripts\/blind-fault-matrix\.ts/);
  });
});
