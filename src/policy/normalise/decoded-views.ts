import { decodePercent } from './decode-percent.js';
import { readCyrillicLeet } from './cyrillic-leet.js';
import { DEVOWELLED, readingSigns, REVERSED, ROT13, TRANSLITERATED } from './reading-signs.js';
import { transliterate } from './transliterate.js';
import { restoreVowels } from './restore-vowels.js';
import { reverseText } from './reverse-text.js';
import { rot13 } from './rot13.js';
import { unsplitWords } from './unsplit-words.js';

/** One other reading of a text: how it was decoded and what it says. */
export interface DecodedView {
  readonly kind: 'url' | 'rot13' | 'reversed' | 'reversed_words' | 'unsplit' | 'devowelled' | 'transliterated' | 'cyrillic_leet';
  readonly text: string;
}

/**
 * The readings an attacker may hide an instruction in, beside base64, hex and tag characters (which
 * the injection scanner decodes itself): words cut into pieces put back together (`unsplit-words.ts`,
 * only when some word looks cut), leet digits read as Cyrillic letters (`cyrillic-leet.ts`, only when two
 * words show them), URL percent-escapes, ROT13 and the whole text reversed, the
 * last two only when some word of the text is a common or an attack's word so disguised
 * (`reading-signs.ts`): otherwise the reading is gibberish, and scanning it cost the guard about half
 * its time on ordinary documents. Each is as long as the text or shorter, so scanning them keeps the
 * work linear. They are scanned by the rules and the classifier like the text itself.
 */
export function decodedViews(text: string): DecodedView[] {
  // The classifier and the rules read the same text's readings one after the other.
  if (text === last.text) return [...last.views];
  const views: DecodedView[] = [];
  const unsplit = unsplitWords(text);
  if (unsplit !== undefined && unsplit !== text) views.push({ kind: 'unsplit', text: unsplit });
  const url = decodePercent(text);
  if (url !== undefined) views.push({ kind: 'url', text: url });
  const signs = readingSigns(text);
  if ((signs & ROT13) !== 0) views.push({ kind: 'rot13', text: rot13(text) });
  if ((signs & REVERSED) !== 0) {
    views.push({ kind: 'reversed', text: reverseText(text) });
    // Each word backwards in its place («инемто 666330-НТТ зеб аротарепо»): the order of the words, which the
    // whole text read backwards turns round, is what says who does what.
    views.push({ kind: 'reversed_words', text: text.replace(WORD_RUN, reverseText) });
  }
  if ((signs & DEVOWELLED) !== 0) views.push({ kind: 'devowelled', text: restoreVowels(text) });
  if ((signs & TRANSLITERATED) !== 0) views.push({ kind: 'transliterated', text: transliterate(text) });
  const leet = readCyrillicLeet(text);
  if (leet !== undefined) views.push({ kind: 'cyrillic_leet', text: leet });
  last = { text, views };
  return [...views];
}

const WORD_RUN = /[^\s]+/gu;

let last: { text: string | undefined; views: readonly DecodedView[] } = { text: undefined, views: [] };
