import { ibanValid } from './iban-valid.js';

// ISO 13616 lengths of the IBANs a Ukrainian logistics desk meets (Ukraine, its neighbours, the EU
// and its partners, the main payment corridors): a country not listed is not taken for an IBAN.
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BY: 28, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24,
  FI: 18, FR: 27, GB: 22, GE: 22, GR: 27, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26, IT: 27, KZ: 20, LI: 21, LT: 20, LU: 20, LV: 21,
  MC: 27, MD: 24, ME: 22, MK: 19, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, RS: 22, SA: 24, SE: 24, SI: 19, SK: 24, SM: 27, TR: 26,
  UA: 29,
};

const isAlphanumeric = (unit: number): boolean => (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);

/**
 * How much of `candidate` is an IBAN: its country's length of letters and digits (separators
 * between groups skipped) that ends where the candidate's letters and digits end and carries a valid
 * mod-97 checksum (a Ukrainian one: or is UA and 27 digits); 0 otherwise. A Ukrainian IBAN may be typed in lower case («ua21…»); another
 * country's needs its code in capitals, so that a word and digits («is12 …») are not read as one.
 */
export function ibanSpanLength(candidate: string): number {
  const head = candidate.slice(0, 2);
  const length = IBAN_LENGTHS[head] ?? (head.toUpperCase() === 'UA' ? IBAN_LENGTHS.UA : undefined);
  if (length === undefined) return 0;
  let taken = 0;
  let compact = '';
  for (; taken < candidate.length && compact.length < length; taken++) {
    if (isAlphanumeric(candidate.charCodeAt(taken))) compact += candidate[taken];
  }
  // One more letter or digit right after it: a longer code than this country's IBAN.
  if (compact.length < length || isAlphanumeric(candidate.charCodeAt(taken))) return 0;
  // A Ukrainian account is UA and 27 digits, a shape nothing else in a delivery desk's text has: with a
  // digit mistyped (its checksum failing) it names the same account, so its shape is enough. Other
  // countries' codes mix letters and digits as references do: their checksum decides.
  return ibanValid(compact) || ukrainianShape(compact) ? taken : 0;
}

/** UA (either case) and 27 ASCII digits. */
function ukrainianShape(compact: string): boolean {
  if (compact.slice(0, 2).toUpperCase() !== 'UA' || compact.length !== IBAN_LENGTHS.UA) return false;
  for (let at = 2; at < compact.length; at++) {
    const unit = compact.charCodeAt(at);
    if (unit < 0x30 || unit > 0x39) return false;
  }
  return true;
}

/** Whether no letter or digit follows the IBAN (`end` of the view): the candidate may have stopped at its longest. */
export const ibanEnds = (view: string, _start: number, end: number): boolean => !isAlphanumeric(view.charCodeAt(end));
