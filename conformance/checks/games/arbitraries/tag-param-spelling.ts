/**
 * A grammar of how a client may spell several ids of one tag filter (§4 GET /games, rule 1:
 * `<name>[]=<id>` repeated; a single id with or without the brackets), each spelling with
 * what every reading answers compared to the canonical `<name>[]=a&<name>[]=b` in ascending
 * order:
 *
 * - `same`: any order of the ids, brackets literal or percent-encoded (`%5B%5D` decodes to
 *   `[]` in every query parser), one id without brackets;
 * - `same-or-invalid`: one id repeated (the ids are unique, D57: 422 or counted once);
 * - `within-or-invalid`: the bracketless name with several ids, alone or mixed with the
 *   bracketed one (D52 and §4 leave it open: 422, or no game outside the canonical union).
 */
import fc from 'fast-check';
import type { TagFilter } from '../../../src/core/discovery.ts';

export type SpellingExpectation = 'same' | 'same-or-invalid' | 'within-or-invalid';

export type NameForm = 'brackets' | 'encoded' | 'encoded-lower' | 'half-encoded' | 'bare';

export interface TagParamSpelling {
  param: string;
  /** The distinct ids, ascending: the canonical query. */
  ids: number[];
  /** The spelled query part, verbatim (`theme_tag_id%5B%5D=5&theme_tag_id=3`). */
  raw: string;
  expectation: SpellingExpectation;
}

const SUFFIX: Record<NameForm, string> = {
  brackets: '[]',
  encoded: '%5B%5D',
  'encoded-lower': '%5b%5d',
  'half-encoded': '%5B]',
  bare: '',
};

const BRACKETED: NameForm[] = ['brackets', 'encoded', 'encoded-lower', 'half-encoded'];

export function spellingOf(
  param: string,
  occurrences: ReadonlyArray<{ id: number; form: NameForm }>,
): TagParamSpelling {
  const ids = [...new Set(occurrences.map((o) => o.id))].sort((a, b) => a - b);
  const bare = occurrences.some((o) => o.form === 'bare');
  const repeated = ids.length < occurrences.length;
  const expectation: SpellingExpectation =
    bare && occurrences.length > 1 && (ids.length > 1 || occurrences.some((o) => o.form !== 'bare'))
      ? 'within-or-invalid'
      : repeated
        ? 'same-or-invalid'
        : 'same';
  const raw = occurrences.map((o) => `${param}${SUFFIX[o.form]}=${o.id}`).join('&');
  return { param, ids, raw, expectation };
}

export function tagParamSpelling(filter: fc.Arbitrary<TagFilter>): fc.Arbitrary<TagParamSpelling> {
  const form = fc.oneof(
    { arbitrary: fc.constantFrom(...BRACKETED), weight: 3 },
    { arbitrary: fc.constant<NameForm>('bare'), weight: 1 },
  );
  return filter.chain(({ param, group }) =>
    fc
      .tuple(
        fc.shuffledSubarray(
          group.values.map((value) => value.id),
          { minLength: 1, maxLength: Math.min(3, group.values.length) },
        ),
        fc.array(form, { minLength: 3, maxLength: 3 }),
        // Repeat one of the ids (at this index, modulo their number) with this form.
        fc.option(fc.tuple(fc.nat(), form), { freq: 4, nil: undefined }),
      )
      .map(([ids, forms, repeat]) => {
        const occurrences = ids.map((id, i) => ({ id, form: forms[i] ?? 'brackets' }));
        if (repeat !== undefined) {
          occurrences.push({ id: ids[repeat[0] % ids.length] as number, form: repeat[1] });
        }
        return spellingOf(param, occurrences);
      }),
  );
}
