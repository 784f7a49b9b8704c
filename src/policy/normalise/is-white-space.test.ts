import { describe, expect, it } from 'vitest';
import { isWhiteSpace } from './is-white-space.js';

describe('isWhiteSpace', () => {
  it('agrees with the regular expression \\s on every UTF-16 unit', () => {
    const disagree: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) if (isWhiteSpace(unit) !== /\s/.test(String.fromCharCode(unit))) disagree.push(unit);
    expect(disagree).toEqual([]);
  });
});
