import { describe, expect, it } from 'vitest';
import { DigitRuns } from './digit-runs.js';
import { needsNormalisedView } from './needs-normalised-view.js';

const PIECES = ['1', '23', '4567', ' ', '  ', '   ', '.', '/', '|', '-', '\n', '\r\n', ',', 'a', 'слово', 'сім', '+', '(', '_'];

/** The most digits with each two separated by nothing or by a gap that `between` accepts, read with a regex split. */
function longest(text: string, between: (gap: string) => boolean): number {
  let best = 0;
  let run = 0;
  for (const [index, part] of text.split(/([0-9])/).entries()) {
    if (index % 2 === 1) {
      run++;
      best = Math.max(best, run);
    } else if (index > 0 && part !== '' && !between(part)) run = 0;
  }
  return best;
}

describe('DigitRuns', () => {
  it('counts digits and their longest runs as a plain reading does, whether counted alone or by the view pre-check', () => {
    let state = 9;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let checkedByPreCheck = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: Math.floor(next() * 16) }, () => PIECES[Math.floor(next() * PIECES.length)] ?? '').join('');
      const expected = {
        digits: text.replace(/[^0-9]/g, '').length,
        longestRun: longest(text, () => false),
        longestSpacedRun: longest(text, (gap) => gap === ' '),
        longestGroupedRun: longest(text, (gap) => /^(?:[ ./|\n-]| {2})$/.test(gap)),
      };
      const counted = new DigitRuns().count(text);
      expect({ digits: counted.digits, longestRun: counted.longestRun, longestSpacedRun: counted.longestSpacedRun, longestGroupedRun: counted.longestGroupedRun }, text).toEqual(expected);
      const runs = new DigitRuns();
      if (needsNormalisedView(text, runs)) continue;
      checkedByPreCheck++;
      expect(runs.complete).toBe(true);
      expect({ digits: runs.digits, longestRun: runs.longestRun, longestSpacedRun: runs.longestSpacedRun, longestGroupedRun: runs.longestGroupedRun }, text).toEqual(expected);
    }
    expect(checkedByPreCheck).toBeGreaterThan(5_000);
  });
});
