import { inList, KILOGRAM_WORDS } from './lexicon.js';
import type { Token } from './tokenize.js';

/** The first "<number> кг / kg" in the tokens ("8 кг", "8kg", "3,5 кг"), or undefined. */
export function findWeight(tokens: readonly Token[]): number | undefined {
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    const unit = tokens[index + 1];
    if (token?.kind === 'number' && unit?.kind === 'word' && inList(unit.word, KILOGRAM_WORDS)) return token.value;
  }
  return undefined;
}
