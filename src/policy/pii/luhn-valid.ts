import { isAsciiDigit } from './is-ascii-digit.js';

/**
 * Whether a payment card number (its first `length` characters, all of them unless told) passes the
 * Luhn check. Spaces, dashes, dots, slashes, bars and line breaks are ignored because cards are
 * written in groups; any other character, or fewer than two digits, makes it invalid.
 * Length rules (13 to 19 digits) belong to the caller.
 */
export function luhnValid(cardNumber: string, length = cardNumber.length): boolean {
  let sum = 0;
  let count = 0;
  for (let i = length - 1; i >= 0; i--) {
    const char = cardNumber[i];
    if (char === ' ' || char === '-' || char === '.' || char === '/' || char === '|' || char === '\n') continue;
    if (!isAsciiDigit(char)) return false;
    let digit = Number(char);
    if (count % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    count++;
  }
  return count >= 2 && sum % 10 === 0;
}
