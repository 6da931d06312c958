/**
 * D73's other heading forms: a server whose review bodies carry the title as a setext heading
 * (`Title` over `=====`) or as a rendered HTML heading fails REVIEWS-BODY-MARKDOWN as the ATX
 * heading of blind set 15 does; an author's `--` signature separator and a `#1` that is text are
 * not headings, and a server passing them through passes. Each server is the reference behind a
 * proxy rewriting the detail's body.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;
const CHECK = 'REVIEWS-BODY-MARKDOWN';

/** The reference behind a proxy that rewrites every review detail's body. */
function bodies(rewrite: (body: string, title: string) => string) {
  return proxyInFront({
    rewriteAnswer: (url, answer): Answer | undefined => {
      if (answer.status !== 200 || !/\/reviews\/\d+$/.test(url.pathname)) return undefined;
      const parsed = JSON.parse(answer.text) as { data: { body: string; title: string } };
      parsed.data.body = rewrite(parsed.data.body, parsed.data.title);
      return { ...answer, text: JSON.stringify(parsed) };
    },
  });
}

describe('review bodies with a heading in another form than "# "', () => {
  it.each([
    [
      'the title underlined with "="',
      bodies((body, title) => `${title}\n${'='.repeat(title.length)}\n\n${body}`),
    ],
    ['the title as a rendered HTML heading', bodies((body, title) => `<h2>${title}</h2>\n\n${body}`)],
  ])(
    'a server serving %s fails the body check',
    async (_what, frontedBy) => {
      const run = await runSuiteAgainstReference({ only: CHECK, frontedBy });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([CHECK]);
    },
    TIMEOUT_MS,
  );

  it(
    'a server passing on an author’s "--" signature and a "#1" in the text passes',
    async () => {
      const frontedBy = bodies((body) => `#1 MUD for me.\n\n${body}\n\n--\nA player`);
      const run = await runSuiteAgainstReference({ only: CHECK, frontedBy });
      expect(run.exitCode, run.output).toBe(0);
    },
    TIMEOUT_MS,
  );
});
