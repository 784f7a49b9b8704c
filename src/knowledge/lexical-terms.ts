import { stemWord } from './stem-word.js';
import { words } from './tokenize.js';

/** The index terms of a text for BM25: its words (see `words`), each lightly stemmed. */
export function lexicalTerms(text: string): string[] {
  return words(text).map(stemWord);
}
