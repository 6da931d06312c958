import { describe, expect, it } from 'vitest';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import { msspSnapshot, normalizeMssp, normalizeMsspKey } from './mssp.ts';
import { buildGame } from './testing/build-game.ts';

/** A variable set as a Diku-derived MUD sends it (MSSP spec names, string values). */
const DIKU_MSSP = {
  NAME: 'Shattered Realms',
  PLAYERS: '42',
  UPTIME: '1767225600',
  CODEBASE: 'tbaMUD 2025',
  CONTACT: 'admin@shattered.example',
  'CRAWL DELAY': '-1',
  CREATED: '1998',
  HOSTNAME: 'play.shattered.example',
  PORT: '4000',
  SSL: '4443',
  'MINIMUM AGE': '13',
  WEBSITE: 'https://shattered.example',
  LANGUAGE: 'English',
  LOCATION: 'Germany',
  GENRE: 'Fantasy',
  GAMEPLAY: 'Hack and Slash',
  STATUS: 'Live',
  AREAS: '212',
  HELPFILES: '1450',
  MOBILES: '8120',
  OBJECTS: '10233',
  ROOMS: '25000',
  CLASSES: '12',
  LEVELS: '-1',
  RACES: '9',
  SKILLS: '310',
  ANSI: '1',
  GMCP: '1',
  MCCP: '1',
  MSP: '0',
  MXP: '0',
  'UTF-8': '1',
  VT100: '0',
  'XTERM 256 COLORS': '1',
  'XTERM TRUE COLORS': '0',
  'PAY TO PLAY': '0',
  'PAY FOR PERKS': '0',
  'HIRING BUILDERS': '1',
  'HIRING CODERS': '0',
  MULTIPLAYING: 'Restricted',
  PLAYERKILLING: 'Restricted',
  'QUEST SYSTEM': 'Integrated',
  ICON: '',
};

describe('normalizeMsspKey', () => {
  it.each([
    ['XTERM 256 COLORS', 'xterm_256_colors'],
    ['UTF-8', 'utf_8'],
    ['CRAWL DELAY', 'crawl_delay'],
    ['PLAYERS', 'players'],
    [' HIRING  BUILDERS ', 'hiring_builders'],
  ])('turns %j into %j', (name, key) => {
    expect(normalizeMsspKey(name)).toBe(key);
  });
});

describe('normalizeMssp', () => {
  it('turns numeric variables into numbers', () => {
    const values = normalizeMssp(DIKU_MSSP);

    expect(values).toMatchObject({
      players: 42,
      uptime: 1767225600,
      created: 1998,
      port: 4000,
      ssl: 4443,
      rooms: 25000,
    });
  });

  it('turns capability flags into booleans', () => {
    const values = normalizeMssp(DIKU_MSSP);

    expect(values).toMatchObject({
      ansi: true,
      msp: false,
      utf_8: true,
      xterm_256_colors: true,
      hiring_coders: false,
    });
  });

  it('keeps text variables as strings', () => {
    const values = normalizeMssp(DIKU_MSSP);

    expect(values).toMatchObject({
      name: 'Shattered Realms',
      codebase: 'tbaMUD 2025',
      multiplaying: 'Restricted',
    });
  });

  it('omits -1 and empty values', () => {
    const values = normalizeMssp(DIKU_MSSP);

    expect(values).not.toHaveProperty('crawl_delay');
    expect(values).not.toHaveProperty('levels');
    expect(values).not.toHaveProperty('icon');
  });

  it('keeps an unparseable numeric variable as a string', () => {
    const values = normalizeMssp({ CREATED: 'around 1995', PLAYERS: '12 ' });

    expect(values).toEqual({ created: 'around 1995', players: 12 });
  });

  it('keeps a flag with a value other than 0 or 1 as a string', () => {
    const values = normalizeMssp({ ANSI: 'yes' });

    expect(values).toEqual({ ansi: 'yes' });
  });

  it('keeps numeric-looking values of unknown variables as strings', () => {
    const values = normalizeMssp({ 'WORLD ORIGINALITY': '1', FAMILY: 'DikuMUD' });

    expect(values).toEqual({ world_originality: '1', family: 'DikuMUD' });
  });

  it('keeps the first of two names that normalize to the same key', () => {
    const values = normalizeMssp({ 'UTF-8': '1', UTF_8: '0' });

    expect(values).toEqual({ utf_8: true });
  });

  it('keeps a variable named like an Object.prototype member', () => {
    const values = normalizeMssp({ CONSTRUCTOR: 'x', 'TO STRING': 'y' });

    expect(values).toEqual({ constructor: 'x', to_string: 'y' });
  });
});

describe('msspSnapshot', () => {
  it('returns the normalized newest snapshot', async () => {
    const game = buildGame({
      msspCollectedAt: Date.parse('2026-03-15T08:30:00Z') / 1000,
      msspRaw: DIKU_MSSP,
    });

    const result = msspSnapshot(game);

    expect(result).toMatchObject({
      ok: {
        data: { collected_at: '2026-03-15T08:30:00Z', values: { players: 42, ansi: true } },
        meta: { game_id: game.id, status: 'available' },
      },
    });
    expect(
      (await loadSpecValidator()).validateComponent('MsspResponse', 'ok' in result && result.ok).errors,
    ).toEqual([]);
  });

  it('answers mssp_not_available with null data for a game without snapshot', async () => {
    const game = buildGame({ msspCollectedAt: null, msspRaw: null });

    const result = msspSnapshot(game);

    expect(result).toEqual({ ok: { data: null, meta: { game_id: game.id, status: 'mssp_not_available' } } });
    expect(
      (await loadSpecValidator()).validateComponent('MsspResponse', 'ok' in result && result.ok).errors,
    ).toEqual([]);
  });

  it('still returns the snapshot of a web-only game', () => {
    const game = buildGame({ webOnly: true, msspCollectedAt: 1_773_000_000, msspRaw: { NAME: 'Web Realm' } });

    const result = msspSnapshot(game);

    expect(result).toMatchObject({ ok: { meta: { status: 'available' } } });
  });
});
