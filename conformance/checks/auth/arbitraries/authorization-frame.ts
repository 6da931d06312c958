/**
 * A grammar of how a client may frame a token in `Authorization` (§5 rule 1:
 * `Authorization: Bearer <API_KEY>`), each frame carrying what every reading answers when
 * the token is the valid key (with any other token the answer is always 401
 * `invalid_api_key`, §5 rule 3):
 *
 * - `authenticated`: `Bearer <key>`, with spaces or tabs before or after the whole value
 *   (HTTP drops them: a field value excludes surrounding whitespace, RFC 9110 §5.5);
 * - `authenticated-or-invalid`: the scheme in another letter case (case-insensitive by
 *   RFC 9110 §11.1, the choice of D51, but the variant `bearer-scheme-case-sensitive` refuses
 *   it) or several spaces after it (RFC 9110's `1*SP`; D51 reads one);
 * - `invalid`: no scheme, another scheme, no separator (`Bearer<key>`), a tab as separator,
 *   a space or tab inside the token, a second word after it, the token quoted or bracketed
 *   (`"<key>"` as an auth-param's quoted-string, `<key>` as §5's placeholder is written), or a
 *   second `Authorization` header (D51 strict).
 */
import fc from 'fast-check';

export type FrameOutcome = 'authenticated' | 'authenticated-or-invalid' | 'invalid';

export interface AuthorizationFrame {
  /** The frame with `<token>` for the token, JSON-quoted pieces (what a counterexample shows). */
  shape: string;
  scheme: string;
  separator: string;
  /** Inserted into the token at `splitAt` (modulo its length), when set. */
  split?: { at: number; with: string };
  /** After the token inside the value (` extra` is a second word). */
  tail: string;
  /** Characters put around the token itself (`"` … `"`), when set. */
  wrap?: { open: string; close: string };
  /** Whitespace around the whole value (dropped by HTTP). */
  around: string;
  /** A second Authorization header with another token, before or after this one. */
  second?: 'before' | 'after';
  withKey: FrameOutcome;
}

const ELEMENTS = {
  scheme: [
    ['Bearer', 'authenticated'],
    ['bearer', 'authenticated-or-invalid'],
    ['BEARER', 'authenticated-or-invalid'],
    ['bEaReR', 'authenticated-or-invalid'],
    ['', 'invalid'],
    ['Basic', 'invalid'],
    ['Token', 'invalid'],
    ['ApiKey', 'invalid'],
    ['Bearer:', 'invalid'],
  ],
  separator: [
    [' ', 'authenticated'],
    ['  ', 'authenticated-or-invalid'],
    ['   ', 'authenticated-or-invalid'],
    ['', 'invalid'],
    ['\t', 'invalid'],
  ],
  tail: [
    ['', 'authenticated'],
    [' extra', 'invalid'],
    [',', 'invalid'],
  ],
  around: [
    ['', 'authenticated'],
    [' ', 'authenticated'],
    ['\t', 'authenticated'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, FrameOutcome]>>;

const RANK: Record<FrameOutcome, number> = { authenticated: 0, 'authenticated-or-invalid': 1, invalid: 2 };

function worst(outcomes: FrameOutcome[]): FrameOutcome {
  return outcomes.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'authenticated');
}

export function frameOf(
  parts: Omit<AuthorizationFrame, 'shape' | 'withKey'> & { outcomes: FrameOutcome[] },
): AuthorizationFrame {
  const { outcomes, ...frame } = parts;
  const bare = frame.split ? `<tok${JSON.stringify(frame.split.with).slice(1, -1)}en>` : '<token>';
  const token = frame.wrap ? `${frame.wrap.open}${bare}${frame.wrap.close}` : bare;
  const value = JSON.stringify(
    `${frame.around}${frame.scheme}${frame.separator}${token}${frame.tail}${frame.around}`,
  );
  const shape =
    frame.second === 'before'
      ? `"Bearer <other>", ${value}`
      : frame.second === 'after'
        ? `${value}, "Bearer <other>"`
        : value;
  return { ...frame, shape, withKey: worst(outcomes) };
}

/** The canonical frame `Bearer <key>` (§5 rule 1). */
export const BEARER_FRAME = frameOf({ scheme: 'Bearer', separator: ' ', tail: '', around: '', outcomes: [] });

/** One departure from `Bearer <token>`: a piece replaced, the token split, a second header. */
type Departure =
  | { piece: 'scheme' | 'separator' | 'tail' | 'around'; value: string; outcome: FrameOutcome }
  | { piece: 'split'; with: string }
  | { piece: 'wrap'; open: string; close: string }
  | { piece: 'second'; where: 'before' | 'after' };

const DEPARTURES: Departure[] = [
  ...(['scheme', 'separator', 'tail', 'around'] as const).flatMap((piece) =>
    ELEMENTS[piece].slice(1).map(([value, outcome]): Departure => ({ piece, value, outcome })),
  ),
  { piece: 'split', with: ' ' },
  { piece: 'split', with: '\t' },
  { piece: 'wrap', open: '"', close: '"' },
  { piece: 'wrap', open: '<', close: '>' },
  { piece: 'wrap', open: "'", close: "'" },
  { piece: 'second', where: 'before' },
  { piece: 'second', where: 'after' },
];

/**
 * Up to two departures from the canonical frame (of different pieces), so that each
 * departure is drawn often and alone: a case tells which piece a server misreads.
 */
export const authorizationFrame: fc.Arbitrary<AuthorizationFrame> = fc
  .tuple(fc.subarray(DEPARTURES, { minLength: 0, maxLength: 2 }), fc.nat())
  .map(([departures, at]) => {
    const frame: Omit<AuthorizationFrame, 'shape' | 'withKey'> & { outcomes: FrameOutcome[] } = {
      scheme: 'Bearer',
      separator: ' ',
      tail: '',
      around: '',
      outcomes: [],
    };
    const seen = new Set<string>();
    for (const departure of departures) {
      if (seen.has(departure.piece)) continue;
      seen.add(departure.piece);
      if (departure.piece === 'split') {
        frame.split = { at, with: departure.with };
        frame.outcomes.push('invalid');
      } else if (departure.piece === 'wrap') {
        frame.wrap = { open: departure.open, close: departure.close };
        frame.outcomes.push('invalid');
      } else if (departure.piece === 'second') {
        frame.second = departure.where;
        frame.outcomes.push('invalid');
      } else {
        frame[departure.piece] = departure.value;
        frame.outcomes.push(departure.outcome);
      }
    }
    return frameOf(frame);
  });

/** The header value(s) of a frame around `token`; `other` is the second header's token. */
export function framedAuthorization(
  frame: AuthorizationFrame,
  token: string,
  other: string,
): string | string[] {
  const at = frame.split ? 1 + (frame.split.at % Math.max(1, token.length - 1)) : 0;
  const split = frame.split ? `${token.slice(0, at)}${frame.split.with}${token.slice(at)}` : token;
  const framedToken = frame.wrap ? `${frame.wrap.open}${split}${frame.wrap.close}` : split;
  const value = `${frame.around}${frame.scheme}${frame.separator}${framedToken}${frame.tail}${frame.around}`;
  if (frame.second === 'before') return [`Bearer ${other}`, value];
  if (frame.second === 'after') return [value, `Bearer ${other}`];
  return value;
}
