/**
 * A server whose links name another origin than the one tested (a public host in front of a
 * staging address, `localhost` against `127.0.0.1`) is not at fault: the description says links
 * are absolute, not which host they name. The suite follows them on the tested origin — the games
 * area walks pages by `links.next` — passes such a server, and says what it did.
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

describe('links naming another origin', () => {
  it('are followed on the tested origin: the games area passes, and the run says so', async () => {
    const run = await runSuiteAgainstReference({
      publicUrl: 'http://public.example',
      only: 'games',
      maxRequests: 300,
      runs: 5,
    });
    expect(run.errored).toEqual([]);
    expect(run.failing).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.output).toMatch(
      /the server's links name http:\/\/public\.example, not http:\/\/127\.0\.0\.1:\d+/,
    );
  }, 300_000);
});
