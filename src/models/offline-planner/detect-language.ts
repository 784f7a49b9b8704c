import type { Language } from './chat-types.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import { tokenize } from './tokenize.js';

/** One Cyrillic letter. */
export const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * 'uk' when the request has Cyrillic letters, else 'en'. Letters inside ids do not count when the rest
 * of the text has words ("Where is ТТН-000001?" typed on a Ukrainian layout is still English).
 */
export function detectLanguage(text: string): Language {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  const words = tokenize(bounded).flatMap((token) => (token.kind === 'word' ? [token.word] : []));
  if (words.length === 0) return CYRILLIC.test(bounded) ? 'uk' : 'en';
  return words.some((word) => CYRILLIC.test(word)) ? 'uk' : 'en';
}
