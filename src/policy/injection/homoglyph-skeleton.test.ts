import { describe, expect, it } from 'vitest';
import { cyrillicSkeleton, latinSkeleton } from './homoglyph-skeleton.js';

describe('latinSkeleton', () => {
  it('folds Cyrillic and Greek look-alikes to Latin and keeps the length', () => {
    const disguised = 'іgnоrе ρrеviοus';
    expect(latinSkeleton(disguised)).toBe('ignore previous');
    expect(latinSkeleton(disguised)).toHaveLength(disguised.length);
  });

  it('returns plain Latin text unchanged', () => {
    const text = 'where is ttn-000001?';
    expect(latinSkeleton(text)).toBe(text);
  });
});

describe('cyrillicSkeleton', () => {
  it('folds Latin look-alikes only inside mixed-script words', () => {
    expect(cyrillicSkeleton('ігнoруй пoпередні, track ttn')).toBe('ігноруй попередні, track ttn');
  });

  it('leaves real Ukrainian text with ґ, є, ї and apostrophes exactly as written', () => {
    const text = "ґанок, єнот, їжак, пам'ять, об'єкт";
    expect(cyrillicSkeleton(text)).toBe(text);
  });
});
