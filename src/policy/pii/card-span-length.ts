import { isAsciiDigit } from './is-ascii-digit.js';
import { luhnValid } from './luhn-valid.js';

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/**
 * Length of the longest Luhn-valid card number at the start of a CARD candidate, or 0.
 *
 * The pattern takes the longest run it can, so "4111 1111 1111 1111 12/27" (card and expiry)
 * arrives as 18 digits that fail Luhn although the first 16 are a card. Shorter prefixes are
 * tried only where a digit group ends, so a card is never cut out of the middle of a group.
 */
export function cardSpanLength(candidate: string): number {
  let digits = 0;
  for (const char of candidate) if (isAsciiDigit(char)) digits++;
  for (let end = candidate.length; end > 0; end--) {
    const last = candidate[end - 1];
    if (!isAsciiDigit(last)) continue;
    if (digits < MIN_DIGITS) return 0;
    const endsGroup = !isAsciiDigit(candidate[end]);
    if (endsGroup && digits <= MAX_DIGITS && luhnValid(candidate.slice(0, end))) return end;
    digits--;
  }
  return 0;
}
