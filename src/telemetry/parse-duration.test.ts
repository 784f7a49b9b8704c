import { describe, expect, it } from 'vitest';
import { parseDuration } from './parse-duration.js';

describe('parseDuration', () => {
  it.each([
    ['30d', 30 * 86_400_000],
    ['12h', 12 * 3_600_000],
    ['45m', 45 * 60_000],
    ['90s', 90_000],
    ['1d', 86_400_000],
  ])('reads %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '30', 'd', '0d', '-1d', '1.5h', '30 d', ' 30d', '30D', '30days', '2w', '1h30m', '99999999999999999d'])('refuses %j and names the allowed forms', (text) => {
    expect(() => parseDuration(text)).toThrow(RangeError);
    expect(() => parseDuration(text)).toThrow(/d, h, m or s \(e\.g\. 30d, 12h, 45m, 90s\)/);
  });
});
