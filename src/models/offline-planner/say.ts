import type { Language } from './chat-types.js';

/** The text in the answer's language: one wording per language, chosen in one place. */
export function say(language: Language, texts: Readonly<Record<Language, string>>): string {
  return texts[language];
}
