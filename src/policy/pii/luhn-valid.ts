import { isAsciiDigit } from './is-ascii-digit.js';

/**
 * Whether a payment card number passes the Luhn check. Spaces and dashes are ignored because
 * cards are written in groups; any other character, or fewer than two digits, makes it invalid.
 * Length rules (13 to 19 digits) belong to the caller.
 */
export function luhnValid(cardNumber: string): boolean {
  let sum = 0;
  let count = 0;
  for (let i = cardNumber.length - 1; i >= 0; i--) {
    const char = cardNumber[i];
    if (char === ' ' || char === '-' || char === '.') continue;
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
