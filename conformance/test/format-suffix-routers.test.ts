/**
 * PROTOCOL-UNKNOWN-ROUTE catches routers with format-suffix patterns beyond the one blind set 13
 * showed (`.json`): a proxy in front of the reference server strips a suffix from the path's last
 * segment the way such a router maps `/tags.yaml` to `/tags`, and forwards the request. Each kind
 * of router fails the check; the reference server alone passes it (class-fixes' first test, in
 * blind-set-13-fixes.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;

/** A proxy forwarding every request with `suffix` (a pattern of the last segment's end) removed. */
function strippingSuffix(suffix: RegExp) {
  return proxyInFront({
    rewriteRequest: {
      path: (pathAndQuery) => {
        const url = new URL(pathAndQuery, 'http://proxy');
        return `${url.pathname.replace(suffix, '')}${url.search}`;
      },
    },
  });
}

describe('routers that strip a format suffix fail PROTOCOL-UNKNOWN-ROUTE', () => {
  it.each([
    ['YAML and CSV formats only', /\.(ya?ml|csv)$/],
    ['every known format but JSON', /\.(xml|ya?ml|csv|html?|txt|api|js)$/],
    ['any extension of two or more letters but .json', /\.(?!json$)[a-z][a-z0-9]{1,4}$/],
  ])(
    'a router stripping %s',
    async (_kind, suffix) => {
      const run = await runSuiteAgainstReference({
        only: 'PROTOCOL-UNKNOWN-ROUTE',
        frontedBy: strippingSuffix(suffix),
      });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual(['PROTOCOL-UNKNOWN-ROUTE']);
    },
    TIMEOUT_MS,
  );
});
