import { describe, expect, it } from 'vitest';
import { maxMatchLength } from './max-match-length.js';

describe('maxMatchLength', () => {
  it('adds sequences, takes the longest branch and multiplies bounded repeats', () => {
    expect(maxMatchLength('abc')).toBe(3);
    expect(maxMatchLength('a(?:bc|d)e?')).toBe(4);
    expect(maxMatchLength(String.raw`x[^\n]{0,40}y`)).toBe(82);
    expect(maxMatchLength(String.raw`(?:\s\p{L}{1,15}){0,2}`)).toBe(64);
  });

  it('counts lookarounds and anchors as zero width', () => {
    expect(maxMatchLength('^(?=ab)(?<!c)ab$')).toBe(2);
  });

  it('is infinite for unbounded quantifiers', () => {
    expect(maxMatchLength('a+')).toBe(Infinity);
    expect(maxMatchLength('(?:ab)*c')).toBe(Infinity);
    expect(maxMatchLength('x{3,}')).toBe(Infinity);
  });

  it('throws on a source it cannot read', () => {
    expect(() => maxMatchLength('(?<name>a)')).toThrow(SyntaxError);
    expect(() => maxMatchLength('a)')).toThrow(SyntaxError);
  });
});
