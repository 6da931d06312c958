import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope, expectHeader, expectStatus } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { unknownKeyArbitrary } from '../harness/arbitraries/any-request.ts';
import {
  type AuthorizationFrame,
  authorizationFrame,
  frameOf,
  framedAuthorization,
  BEARER_FRAME,
} from './arbitraries/authorization-frame.ts';
import { applyKeyEdit, type KeyEdit, keyEdit } from './arbitraries/key-edit.ts';
import { CHALLENGE_DESCRIPTION, challengeServiceName } from './support/bearer-challenge.ts';

/** The key alone, without a scheme. */
const BARE = frameOf({ scheme: '', separator: '', tail: '', around: '', outcomes: ['invalid'] });

/** The key in double quotes after the scheme, as an auth-param's quoted-string is written. */
const QUOTED = frameOf({
  scheme: 'Bearer',
  separator: ' ',
  tail: '',
  around: '',
  wrap: { open: '"', close: '"' },
  outcomes: ['invalid'],
});

/**
 * A second credential after the key in the same value, as a list (`Bearer <key>, Bearer other`):
 * what two Authorization headers joined by a proxy read as (RFC 9110 §5.3), one key too many.
 */
const LISTED = frameOf({
  scheme: 'Bearer',
  separator: ' ',
  tail: ', Bearer other',
  around: '',
  outcomes: ['invalid'],
});

/**
 * Another credential before the key in the same value (`Bearer other, Bearer <key>`): a server
 * that takes a list's last member (as a proxy's "last header wins" does) reads the key.
 */
const LISTED_AFTER_OTHER = frameOf({
  scheme: 'Bearer other, Bearer',
  separator: ' ',
  tail: '',
  around: '',
  outcomes: ['invalid'],
});

/** A no-break space (U+00A0, the byte A0) between the scheme and the key. */
const NBSP_SEPARATED = frameOf({
  scheme: 'Bearer',
  separator: '\u00a0',
  tail: '',
  around: '',
  outcomes: ['invalid'],
});

function expectInvalidKey(response: ApiResponse): void {
  expectErrorEnvelope(response, 401, 'invalid_api_key');
  expectHeader(
    response,
    'WWW-Authenticate',
    (v) => challengeServiceName(v) !== undefined,
    CHALLENGE_DESCRIPTION,
  );
}

/**
 * The valid key authenticates in the frame §5 rule 1 shows and in what HTTP makes equal to
 * it; a malformed frame around it, or a near miss of it (truncated, a character changed or
 * appended), is 401 invalid_api_key with the Bearer challenge (§5 rules 3 and 4). Where
 * DECISIONS leaves the spelling open (D51: scheme case, runs of spaces) 200 or that 401.
 */
export const keyFrames = defineCheck({
  id: 'AUTH-KEY-FRAMES',
  area: 'auth',
  source: '§5 rules 1, 3 and 4 (Authorization: Bearer <API_KEY>; malformed or invalid key); DECISIONS D51',
  level: 'must',
  title: 'The key authenticates only framed as "Bearer <key>"; malformed frames and near misses are refused',
  covers: ['S5.1', 'S5.3-INVALID', 'S7.CODE.invalid_api_key'],
  decisions: ['D51'],
  async run(ctx) {
    await ctx.property(
      [authorizationFrame, fc.option(keyEdit, { freq: 3, nil: undefined }), unknownKeyArbitrary],
      async (frame: AuthorizationFrame, edit: KeyEdit | undefined, other: string) => {
        const send = () =>
          ctx.client.get('/tags', {
            auth: {
              framed: (key) =>
                framedAuthorization(frame, edit === undefined ? key : applyKeyEdit(edit, key), other),
            },
          });
        let response = await send();
        // The framed key is counted like any request with it; a 429 says nothing about the frame.
        if (response.status === 429) {
          const seconds = Number(response.headers['retry-after'] ?? '1');
          await ctx.wait(
            (Number.isFinite(seconds) ? seconds : 1) * 1000 + 100,
            'Retry-After on the primary key',
          );
          response = await send();
        }
        const outcome = edit === undefined ? frame.withKey : 'invalid';
        if (outcome === 'invalid') return expectInvalidKey(response);
        if (outcome === 'authenticated')
          return expectStatus(response, 200, `Authorization ${frame.shape} with the key`);
        if (response.status !== 200) expectInvalidKey(response);
      },
      {
        // The key without a scheme, and a near miss of each kind: less its last character (a
        // prefix comparison accepts it), a character appended (a comparison up to the key's
        // length accepts it), a character changed inside (a comparison of a leading part does).
        examples: [
          [BARE, undefined, 'other'],
          [BEARER_FRAME, { edit: 'truncate', drop: 1 }, 'other'],
          [BEARER_FRAME, { edit: 'append', suffix: '0' }, 'other'],
          [BEARER_FRAME, { edit: 'change', at: 20, to: 'z' }, 'other'],
          // The key quoted: a parser of RFC 7235's auth-params unquotes it (last, so that the
          // cases before it keep their places).
          [QUOTED, undefined, 'other'],
          // Bytes of Latin-1 (a header's obs-text) that Unicode normalisation folds into ASCII: a
          // no-break space as the separator, a digit of the key as its superscript (`³`). Neither
          // is `Bearer <token>` with a token of ASCII (D51); NFKC on header values reads the key.
          [NBSP_SEPARATED, undefined, 'other'],
          [BEARER_FRAME, { edit: 'compatibility' }, 'other'],
          // The key and another in one value: a server taking the list's valid member answers 200.
          [LISTED, undefined, 'other'],
          // The key last in such a list: a server taking the list's last member answers 200.
          [LISTED_AFTER_OTHER, undefined, 'other'],
        ],
      },
    );
  },
});
