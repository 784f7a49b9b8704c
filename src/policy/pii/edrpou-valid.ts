import { isAsciiDigits } from './is-ascii-digit.js';

const LOW_WEIGHTS = [1, 2, 3, 4, 5, 6, 7] as const;
const MID_WEIGHTS = [7, 1, 2, 3, 4, 5, 6] as const;

function weightedRemainder(digits: readonly number[], weights: readonly number[], bonus: number): number {
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += (digits[i] ?? 0) * (weight + bonus);
  });
  return sum % 11;
}

/**
 * Whether an 8-digit string is a valid EDRPOU (ЄДРПОУ, Ukrainian legal-entity code). Codes below
 * 30000000 or above 60000000 weigh the first seven digits 1..7, the rest 7,1..6; a remainder of
 * 10 is recomputed with every weight raised by 2, and a second 10 means the check digit is 0.
 */
export function edrpouValid(code: string): boolean {
  if (!isAsciiDigits(code, 8)) return false;
  const digits = [...code].map(Number);
  const value = Number(code);
  const weights = value < 30_000_000 || value > 60_000_000 ? LOW_WEIGHTS : MID_WEIGHTS;
  let remainder = weightedRemainder(digits, weights, 0);
  if (remainder === 10) remainder = weightedRemainder(digits, weights, 2);
  if (remainder === 10) remainder = 0;
  return remainder === digits[7];
}
