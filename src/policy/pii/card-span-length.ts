import { isAsciiDigit } from './is-ascii-digit.js';
import { luhnValid } from './luhn-valid.js';

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/**
 * Whether a Luhn-valid run of digits can be a payment card: issuers' numbers start with 1 to 6
 * (2 only in Mastercard's 2221-2720), and a 14-digit card is a Diners Club one (30, 36, 38, 39).
 * Carrier waybill numbers are 14 digits starting 20 or 59 (Nova Poshta), and about one in ten of
 * them passes Luhn, so they are not cards.
 */
function issuerPlausible(digits: string): boolean {
  const first = digits.charCodeAt(0) - 0x30;
  if (first < 1 || first > 6) return false;
  const two = Number(digits.slice(0, 2));
  if (digits.length === 14 && two !== 30 && two !== 36 && two !== 38 && two !== 39) return false;
  if (first === 2) {
    const four = Number(digits.slice(0, 4));
    return four >= 2221 && four <= 2720;
  }
  return true;
}

/**
 * Whether the separators of a card candidate are ones a card is written with: slashes and bars
 * («4582/7913/…», «4582|7913|…») only when they are its one separator, as in a number retyped to
 * dodge a filter; a slash among spaces or line breaks is a date, a fraction or a document number
 * next to another number («… 1111 12/27»).
 */
function separatorsPlausible(prefix: string): boolean {
  let slashOrBar = '';
  let other = false;
  for (const char of prefix) {
    if (char === '/' || char === '|') {
      if (slashOrBar !== '' && slashOrBar !== char) return false;
      slashOrBar = char;
    } else if (!isAsciiDigit(char)) other = true;
  }
  return slashOrBar === '' || !other;
}

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
    if (endsGroup && digits <= MAX_DIGITS && luhnValid(candidate, end)) {
      const prefix = candidate.slice(0, end);
      if (issuerPlausible(digitsOf(prefix)) && separatorsPlausible(prefix)) return end;
    }
    digits--;
  }
  return 0;
}

function digitsOf(text: string): string {
  let digits = '';
  for (const char of text) if (isAsciiDigit(char)) digits += char;
  return digits;
}

/**
 * Length of a card number written as cards are printed, sixteen digits whole or in four groups of
 * four, at the start of a CARD candidate, without Luhn: for a number the text names as a card
 * (`namedCard` in pii-rules.ts); 0 for any other shape.
 */
export function namedCardLength(candidate: string): number {
  const groups: number[] = [0];
  let end = 0;
  for (; end < candidate.length; end++) {
    const char = candidate[end];
    if (isAsciiDigit(char)) {
      groups[groups.length - 1] = (groups[groups.length - 1] ?? 0) + 1;
      if (groups.reduce((sum, digits) => sum + digits, 0) === 16) break;
    } else if (char === ' ' || char === '-') groups.push(0);
    else return 0;
  }
  if (end === candidate.length || isAsciiDigit(candidate[end + 1])) return 0;
  const asPrinted = groups.length === 1 || (groups.length === 4 && groups.every((digits) => digits === 4));
  return asPrinted && separatorsPlausible(candidate.slice(0, end + 1)) ? end + 1 : 0;
}
