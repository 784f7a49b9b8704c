import { foldConfusables } from './fold-confusables.js';
import { foldLeetspeak } from './fold-leetspeak.js';
import { COMPATIBLE, compatibleForms, GREEK_OR_CYRILLIC_PLAIN, plainKind } from './plain-text.js';
import { rejoinSpacedLetters } from './rejoin-spaced-letters.js';
import { stripCombiningMarks } from './strip-combining-marks.js';
import { stripInvisible } from './strip-invisible.js';
import { tidySpacing } from './tidy-spacing.js';

/** The regexes of the pipeline itself, for the linearity test: none now (`tidySpacing` is one hand-written pass). */
export const NORMALISE_TEXT_REGEXES: readonly RegExp[] = [];

/**
 * The canonical view every detector reads, one place for all of them: invisible characters out
 * (blank-looking ones become spaces), NFKC with stray combining marks dropped, lower case without
 * locale, look-alike letters folded inside mixed-script words (TR39), letters spaced or dotted
 * apart rejoined, leetspeak folded, apostrophes unified and runs of spaces collapsed. Every step is
 * one linear pass. The view is for matching only: never show it or store it in place of the text.
 *
 * @example
 * normaliseText('1 g n o r e  all prev1ous іnstructіons'); // 'ignore all previous instructions'
 */
export function normaliseText(text: string): string {
  return canonicalView(text).view;
}

/** The canonical view, and whether any disguise was undone on the way (invisible characters, marks, look-alikes, spacing, leetspeak). */
export interface CanonicalView {
  readonly view: string;
  readonly disguised: boolean;
}

/**
 * {@link normaliseText} with a flag that says whether a step beyond plain NFKC and lower-casing
 * changed the text: the scanners run their rules a second time only then, which keeps ordinary
 * text at one pass of the rules.
 */
export function canonicalView(text: string): CanonicalView {
  // Both guards and the classifier read the same text and its decoded readings in turn: the last
  // few views are kept for them, so the text's view survives its readings' being computed.
  for (const entry of recent) if (entry.text === text) return entry.view;
  const view = computeView(text);
  recent[next] = { text, view };
  next = (next + 1) % RECENT_VIEWS;
  return view;
}

/** A text and up to three readings of it (URL, ROT13, reversed), or a base64 payload. */
const RECENT_VIEWS = 4;
const recent: { text: string | undefined; view: CanonicalView }[] = Array.from({ length: RECENT_VIEWS }, () => ({ text: undefined, view: { view: '', disguised: false } }));
let next = 0;

function computeView(text: string): CanonicalView {
  // Plain text (plain-text.ts) has no invisible character, no mark to drop, and nothing NFKC changes
  // but characters it writes otherwise on their own (… as ...): those steps, two normalisations and
  // three regex passes, come down to that.
  const plain = plainKind(text);
  if (plain >= 0) {
    const lower = ((plain & COMPATIBLE) !== 0 ? compatibleForms(text) : text).toLowerCase();
    const folded = foldLeetspeak(rejoinSpacedLetters((plain & GREEK_OR_CYRILLIC_PLAIN) !== 0 ? foldConfusables(lower) : lower));
    return { view: tidySpacing(folded), disguised: folded !== lower };
  }
  const visible = stripInvisible(text);
  const unmarked = stripCombiningMarks(visible);
  const lower = unmarked.toLowerCase();
  const folded = foldLeetspeak(rejoinSpacedLetters(foldConfusables(lower)));
  const disguised = visible.length !== text.length || folded !== lower || unmarked !== visible.normalize('NFKC');
  return { view: tidySpacing(folded), disguised };
}
