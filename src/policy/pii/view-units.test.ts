import { describe, expect, it } from 'vitest';
import { kindOf, unitKind } from './view-units.js';

describe('unitKind', () => {
  it('reads from its table what the predicates say, for every UTF-16 unit', () => {
    const wrong: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) if (unitKind(unit) !== kindOf(unit)) wrong.push(unit.toString(16));
    expect(wrong).toEqual([]);
    // Kinds of every sort are present, so a table of zeros would fail above.
    expect(new Set(Array.from({ length: 0x10000 }, (_, unit) => unitKind(unit))).size).toBeGreaterThan(6);
  });
});
