import { describe, expect, it } from 'vitest';
import { DigitRuns } from './digit-runs.js';
import { ALL_PII_RULES } from './pii-rules.js';

// redactPii skips a rule when the view holds fewer digits than the rule's minDigits (or shorter runs of them), no @ when it
// needs one, or mayMatch says no: sound only if no match of its pattern ever holds less.
const PIECES = ['0', '1', '3', '38', '380', '067', '5', '9', '12', ' ', '-', '.', '+', '(', ')', '[', ']', 'UA', 'ua', 'КН', 'KH', '№', '@', 'ivan', 'mail.com', '(at)', '[dot]', ' at ', 'a', '_', '\n'];
// Extra pieces for the runs of digits and the words of disguised addresses (a second set of texts).
const MORE_PIECES = [...PIECES, '/', '|', '  ', '{', '}', '<', '>', 'AT', 'at', ' AT ', ' dot ', ' DOT ', 'gmail', 'ukr', 'com', 'net', 'ua', ' 4', '4111', '\n2'];

/** The most digits in `text` with each two separated by nothing or by a gap `between` matches (one regex per gap, as written). */
function longestRun(text: string, between: RegExp): number {
  let longest = 0;
  let run = 0;
  let gap = '';
  for (const char of text) {
    if (char < '0' || char > '9') {
      gap += char;
      continue;
    }
    run = run > 0 && (gap === '' || between.test(gap)) ? run + 1 : 1;
    gap = '';
    longest = Math.max(longest, run);
  }
  return longest;
}

describe('PII rules: what every match needs', () => {
  it('holds at least minDigits ASCII digits, the runs of digits, an @ and what mayMatch looks for, where needed, in every match of every rule', () => {
    let state = 5;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const texts = Array.from({ length: 60_000 }, () => Array.from({ length: 4 + Math.floor(next() * 30) }, () => PIECES[Math.floor(next() * PIECES.length)] ?? '').join(''));
    texts.push(...Array.from({ length: 60_000 }, () => Array.from({ length: 4 + Math.floor(next() * 30) }, () => MORE_PIECES[Math.floor(next() * MORE_PIECES.length)] ?? '').join('')));
    texts.push('UA213223130000026007233566001', '4111 1111 1111 1111', '+380 67 123 45 67', '0 6 7 1 2 3 4 5 6 7', 'КН 123456', '123 456 789', 'ivan (at) mail (dot) com', 'ivan at gmail dot com', 'a@b.ua', '1234567890', '12345678', '1234 567 890', '1234 5678', '19900101-01234');
    const wrong: string[] = [];
    const matched = new Set<number>();
    ALL_PII_RULES.forEach((rule, index) => {
      for (const text of texts) {
        for (const match of text.matchAll(rule.pattern)) {
          matched.add(index);
          const digits = match[0].replace(/[^0-9]/g, '').length;
          if (digits < rule.minDigits || (rule.needsAt === true && !match[0].includes('@'))) wrong.push(`${rule.type}: ${match[0]}`);
          if (longestRun(match[0], /^$/) < (rule.minDigitRun ?? 0) || longestRun(match[0], /^ $/) < (rule.minSpacedRun ?? 0)) wrong.push(`${rule.type} run: ${match[0]}`);
          if (longestRun(match[0], /^(?:[ ./|\n-]| {2})$/) < (rule.minGroupedRun ?? 0) || rule.mayMatch?.(match[0]) === false) wrong.push(`${rule.type} grouped: ${match[0]}`);
        }
      }
    });
    expect(wrong).toEqual([]);
    expect(matched.size).toBe(ALL_PII_RULES.length);
  });

  it('starts within startsNear of a run of digits, for every match of a rule that has it', () => {
    const pieces = ['КН', 'Е К', 'ЕК', 'KH', 'A', 'x', ' ', '  ', '\n', '№', '№ ', 'N', 'No', 'No.', '#', '-', 'номер', 'number', '1', '23', '456', '123456', '1 2 3', ' 4 5 6', '7', 'а'];
    let state = 7;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const pick = (from: readonly string[]): string => from[Math.floor(next() * from.length)] ?? '';
    // A series, what may stand between it and the number, and the number, among random pieces.
    const series = ['КН', 'К Н', 'ЕК', 'Е К', 'KH', 'ТР'];
    const between = ['', ' ', '\n', '№', '№ ', ' № ', 'N', ' N ', 'No', 'No.', ' No. ', '#', ' # ', '-', 'номер', ' номер ', 'number', ' number '];
    const numbers = ['123456', '1 2 3 4 5 6', '12 34 56', '123 456', '1234567', '12345'];
    const random = (): string => Array.from({ length: Math.floor(next() * 4) }, () => pick(pieces)).join('');
    const texts = Array.from({ length: 30_000 }, () => Array.from({ length: 2 + Math.floor(next() * 12) }, () => pick(pieces)).join(''));
    texts.push(...Array.from({ length: 30_000 }, () => `${random()}${pick(series)}${pick(between)}${pick(numbers)}${random()}`));
    const wrong: string[] = [];
    let checked = 0;
    const addressPieces = ['ivan', 'a.b', 'x_y', '%', '+', '-', '1', '@', '@@', 'mail.com', 'ua', '.', ' ', '(', ')', 'слово', '\n', ','];
    texts.push(...Array.from({ length: 30_000 }, () => Array.from({ length: 1 + Math.floor(next() * 10) }, () => pick(addressPieces)).join('')));
    for (const rule of ALL_PII_RULES) {
      const near = rule.startsNear;
      if (near === undefined) continue;
      for (const text of texts) {
        if (near.spans === 'address') {
          // The one start the @ gives: before the address units that run up to it.
          for (const match of text.matchAll(rule.pattern)) {
            checked++;
            const lead = match.groups?.lead?.length ?? 0;
            let local = match.index + match[0].indexOf('@', lead);
            while (local > 0 && /[A-Za-z0-9._%+-]/.test(text.charAt(local - 1))) local--;
            if (match.index !== (local === 0 ? 0 : local - 1)) wrong.push(`${rule.type}: ${JSON.stringify(match[0])} in ${JSON.stringify(text)}`);
          }
          continue;
        }
        const runs = new DigitRuns().count(text);
        const spans = near.spans === 'run' ? runs.runSpans : runs.spacedSpans;
        for (const match of text.matchAll(rule.pattern)) {
          checked++;
          // Its first digit: at most `lead` units in, inside a counted span, and starting a run there.
          const first = match.index + match[0].search(/[0-9]/);
          let inside = false;
          for (let at = 0; at < spans.length; at += 2) if (first >= (spans[at] ?? 0) && first < (spans[at + 1] ?? 0)) inside = true;
          const before = text.slice(Math.max(0, first - 2), first);
          const startsRun = !/[0-9]$/.test(before) && !(near.spans === 'spaced' && /[0-9] $/.test(before));
          if (!inside || !startsRun || first - match.index > near.lead) wrong.push(`${rule.type}: ${JSON.stringify(match[0])} in ${JSON.stringify(text)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(2_000);
  });
});
