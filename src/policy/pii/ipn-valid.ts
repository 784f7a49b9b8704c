import { isAsciiDigits } from './is-ascii-digit.js';

const WEIGHTS = [-1, 5, 7, 9, 4, 6, 10, 5, 7] as const;

/**
 * Whether a 10-digit string is a valid IPN (РНОКПП, Ukrainian individual tax number): the first
 * nine digits weighted -1,5,7,9,4,6,10,5,7, summed, taken mod 11 and then mod 10 give the tenth.
 * The mod is the mathematical one, so the rare negative sum (a leading 9, zeros after) is handled.
 */
export function ipnValid(code: string): boolean {
  if (!isAsciiDigits(code, 10)) return false;
  const digits = [...code].map(Number);
  let sum = 0;
  WEIGHTS.forEach((weight, i) => {
    sum += (digits[i] ?? 0) * weight;
  });
  const check = (((sum % 11) + 11) % 11) % 10;
  return check === digits[9];
}
