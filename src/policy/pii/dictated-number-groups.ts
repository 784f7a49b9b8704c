import type { NumberWord } from './number-words.js';

/** A word or a group of digits of a dictated number, with its span in the original text. */
export interface Token {
  readonly word?: NumberWord;
  readonly digits?: string;
  readonly start: number;
  readonly end: number;
  /** A comma came before it: a pause in dictation, which ends the group before («триста, тридцять п'ять»). */
  readonly pause?: boolean;
}

/** Digits of a dictated number, group by group: "сто двадцять три" is 123, "нуль" 0, "сорок" 40, digits as written. */
export function composeGroups(tokens: readonly Token[]): { digits: string; start: number; end: number }[] {
  const groups: { digits: string; start: number; end: number; hundreds?: number; tens?: number; units?: number; closed: boolean }[] = [];
  for (const token of tokens) {
    const last = groups[groups.length - 1];
    if (token.pause === true && last !== undefined) last.closed = true;
    const open = last;
    const word = token.word;
    if (word === undefined) {
      groups.push({ digits: token.digits ?? '', start: token.start, end: token.end, closed: true });
      continue;
    }
    if (word.kind === 'plus') {
      groups.push({ digits: '+', start: token.start, end: token.end, closed: true });
    } else if (word.kind === 'hundreds') {
      groups.push({ digits: '', start: token.start, end: token.end, hundreds: word.value, closed: false });
    } else if (word.kind === 'hundred') {
      // English "one hundred": the unit before becomes the hundreds.
      if (open !== undefined && !open.closed && open.units !== undefined && open.tens === undefined && open.hundreds === undefined) {
        open.hundreds = open.units;
        open.units = undefined;
        open.end = token.end;
      }
    } else if (word.kind === 'ten' || word.kind === 'teen') {
      if (open !== undefined && !open.closed && open.hundreds !== undefined && open.tens === undefined && open.units === undefined) {
        open.tens = word.kind === 'ten' ? word.value * 10 : word.value;
        open.end = token.end;
        if (word.kind === 'teen') open.closed = true;
      } else groups.push({ digits: '', start: token.start, end: token.end, tens: word.kind === 'ten' ? word.value * 10 : word.value, closed: word.kind === 'teen' });
    } else if (word.value > 0 && open !== undefined && !open.closed && open.units === undefined && (open.tens !== undefined || open.hundreds !== undefined)) {
      open.units = word.value;
      open.end = token.end;
      open.closed = true;
    } else groups.push({ digits: '', start: token.start, end: token.end, units: word.value, closed: word.value === 0 });
  }
  return groups.map((group) => {
    if (group.digits !== '') return group;
    const value = (group.hundreds ?? 0) * 100 + (group.tens ?? 0) + (group.units ?? 0);
    const width = group.hundreds !== undefined ? 3 : group.tens !== undefined ? 2 : 1;
    return { digits: String(value).padStart(width, '0'), start: group.start, end: group.end };
  });
}
