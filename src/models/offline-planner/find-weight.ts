import { inList, KILOGRAM_WORDS } from './lexicon.js';
import { readNumberAt } from './number-words.js';
import type { Token } from './tokenize.js';

/**
 * The first weight in the tokens: a number in digits or words before a kilogram word ("8 кг", "8kg",
 * "3,5 кг", "восьми кілограмів", "два з половиною кілограми", "three kilos", "half a kilo"), or undefined.
 */
export function findWeight(tokens: readonly Token[]): number | undefined {
  for (let index = 0; index < tokens.length; index += 1) {
    const number = readNumberAt(tokens, index);
    if (!number || number.value <= 0) continue;
    const unit = tokens[number.next];
    if (unit?.kind === 'word' && inList(unit.word, KILOGRAM_WORDS)) return number.value;
  }
  return undefined;
}
