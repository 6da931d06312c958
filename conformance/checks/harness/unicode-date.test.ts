import { describe, expect, it } from 'vitest';
import { PASTED_WRITINGS, pastedDate, unicodeDate } from './unicode-date.ts';

describe('unicodeDate', () => {
  it('writes the hyphens as Unicode dashes, the digits unchanged', () => {
    expect(unicodeDate('2026-11-20', 'hyphen')).toBe('2026\u201011\u201020');
    expect(unicodeDate('2026-11-20', 'en-dash')).toBe('2026\u201311\u201320');
    expect(unicodeDate('2026-11-20', 'minus')).toBe('2026\u221211\u221220');
  });

  it("writes the digits in another script's, the hyphens unchanged", () => {
    expect(unicodeDate('2026-11-20', 'full-width')).toBe('２０２６-１１-２０');
    expect(unicodeDate('2026-11-20', 'arabic-indic')).toBe('٢٠٢٦-١١-٢٠');
  });

  it('pastes a date with a final line feed, or in a Unicode writing; every writing once', () => {
    expect(pastedDate('2026-11-20', 'line-feed')).toBe('2026-11-20\n');
    expect(pastedDate('2026-11-20', 'en-dash')).toBe(unicodeDate('2026-11-20', 'en-dash'));
    expect(new Set(PASTED_WRITINGS.map((writing) => pastedDate('2026-11-20', writing))).size).toBe(6);
  });
});
