import { isAsciiDigit } from './is-ascii-digit.js';

const MIN_LENGTH = 15;
const MAX_LENGTH = 34;

function isUpperLetter(char: string | undefined): boolean {
  return char !== undefined && char >= 'A' && char <= 'Z';
}

/**
 * Whether an IBAN carries a valid ISO 13616 (mod-97) checksum: country letters, two check digits,
 * then letters and digits, 15 to 34 in all. Spaces are ignored and case does not matter. Any
 * country is accepted; the per-country length (29 for `UA`) is the pattern's job.
 */
export function ibanValid(iban: string): boolean {
  const compact = iban.split(' ').join('').toUpperCase();
  if (compact.length < MIN_LENGTH || compact.length > MAX_LENGTH) return false;
  if (!isUpperLetter(compact[0]) || !isUpperLetter(compact[1])) return false;
  if (!isAsciiDigit(compact[2]) || !isAsciiDigit(compact[3])) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  // Folding character by character keeps the remainder small: the number is far beyond 2^53.
  let remainder = 0;
  for (const char of rearranged) {
    if (isAsciiDigit(char)) remainder = (remainder * 10 + Number(char)) % 97;
    else if (isUpperLetter(char)) remainder = (remainder * 100 + (char.charCodeAt(0) - 55)) % 97;
    else return false;
  }
  return remainder === 1;
}
