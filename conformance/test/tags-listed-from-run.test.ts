/**
 * TAGS-CATEGORY-TAGS-LISTED judges every active game of the run's answers, not only the games
 * discovery paged through: on a directory larger than discovery's pages a rarely carried tag shows
 * on a game some other check reached. Here the reference behind a proxy shows, in each game
 * detail (which discovery does not read), a theme tag GET /tags does not list: the check fails,
 * run beside the detail schema check, which reaches details and passes. The same tag added to
 * GET /tags after discovery read it (the taxonomy moved during the run) passes: the check reads
 * the taxonomy again before it fails.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;
const CHECK = 'TAGS-CATEGORY-TAGS-LISTED';
const ONLY = `${CHECK},GAME-DETAIL-SCHEMA`;
const NEW_TAG = { id: 9_999, name: 'Lunar colony' };

type TagGroups = { data: Array<{ key?: string; name: string; values: Array<{ id: number; name: string }> }> };

/** The reference behind a proxy giving every game detail NEW_TAG as its theme; GET /tags lists it from the `listedFrom`-th answer on. */
function newThemeOnDetails(listedFrom: number) {
  let tagAnswers = 0;
  return proxyInFront({
    rewriteAnswer: (url, answer): Answer | undefined => {
      if (answer.status !== 200) return undefined;
      if (/\/games\/\d+$/.test(url.pathname)) {
        const body = JSON.parse(answer.text) as {
          data: { status: { archived: boolean }; tags: { categories: Record<string, unknown> } };
        };
        if (body.data.status.archived) return undefined;
        body.data.tags.categories.theme = NEW_TAG;
        return { ...answer, text: JSON.stringify(body) };
      }
      if (!/\/tags$/.test(url.pathname)) return undefined;
      tagAnswers += 1;
      if (tagAnswers < listedFrom) return undefined;
      const body = JSON.parse(answer.text) as TagGroups;
      const theme = body.data.find((group) => /theme/i.test(`${group.key ?? ''} ${group.name}`));
      theme?.values.push(NEW_TAG);
      return { ...answer, text: JSON.stringify(body) };
    },
  });
}

describe('category tags judged on the games the run reached', () => {
  it(
    'fails a server whose game details carry a tag GET /tags never lists',
    async () => {
      const run = await runSuiteAgainstReference({ only: ONLY, frontedBy: newThemeOnDetails(Infinity) });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([CHECK]);
    },
    TIMEOUT_MS,
  );

  it(
    'passes when GET /tags lists the tag once read again (added during the run)',
    async () => {
      const run = await runSuiteAgainstReference({ only: ONLY, frontedBy: newThemeOnDetails(2) });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results.map((r) => r.status)).toEqual(['pass', 'pass']);
    },
    TIMEOUT_MS,
  );
});
