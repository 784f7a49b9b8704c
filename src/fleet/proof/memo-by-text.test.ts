import { describe, expect, it } from 'vitest';
import { findCities } from './city-mentions.js';
import { findDates } from './date-mentions.js';
import { memoByText } from './memo-by-text.js';

describe('memoByText', () => {
  it('scans a text once and returns the same result for it until 64 other texts came', () => {
    const scanned: string[] = [];
    const find = memoByText((text: string) => {
      scanned.push(text);
      return [...text].filter((c) => c === 'x');
    });
    expect(find('axbx')).toEqual(['x', 'x']);
    expect(find('axbx')).toBe(find('axbx'));
    expect(find('none')).toEqual([]);
    expect(scanned).toEqual(['axbx', 'none']);
    for (let i = 0; i < 64; i += 1) find(`t${i}`);
    find('axbx');
    expect(scanned.filter((text) => text === 'axbx')).toHaveLength(2);
  });

  it('gives the finders the answers of a fresh scan', () => {
    const text = 'TTN-000001: Київ → Львів, доставлено 2026-11-21; 1 грудня у Львові';
    expect(findDates(text).map((d) => d.monthDay)).toEqual(['11-21', '12-01']);
    expect(findDates(text)).toBe(findDates(text));
    expect(findCities(text).map((c) => c.city)).toEqual(findCities(`${text} `).map((c) => c.city));
  });
});
