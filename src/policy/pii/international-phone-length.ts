// E.164 allows at most 15 digits with the country code; with fewer than ten it is rarely a phone
// (every country Ukraine trades with has ten or more) and often a signed amount («+12 345 678»).
const MIN_DIGITS = 10;
const MAX_DIGITS = 15;

/**
 * How much of `candidate` (a `+`, a country code and digits in groups) is a phone number outside
 * Ukraine: all of it up to its last digit when it holds 10 to 15 digits and every group after the
 * country code has two or more (a version, «+1.2.3.4567», has lone digits); 0 otherwise. Ukrainian
 * numbers (+380) are found by the phone rules before it.
 */
export function internationalPhoneLength(candidate: string): number {
  let digits = 0;
  let end = 0;
  let group = 0;
  let groups = 0;
  for (let at = 0; at <= candidate.length; at++) {
    const unit = at < candidate.length ? candidate.charCodeAt(at) : 0;
    if (unit >= 0x30 && unit <= 0x39) {
      digits++;
      group++;
      end = at + 1;
    } else if (group > 0) {
      if (groups > 0 && group < 2) return 0;
      groups++;
      group = 0;
    }
  }
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS ? end : 0;
}

// A currency or a unit right after the number makes it a signed amount or quantity («+12 500 000 грн»).
const UNITS = ['грн', 'uah', 'usd', 'eur', 'pln', 'zł', 'zl', 'руб', 'rub', 'тис', 'тыс', 'млн', 'kg', 'кг', 'шт', 'pcs', 'units', 'од.', 'тонн', 'тон', 'tons', '$', '€', '%'];

/** Whether the text right after a `+`-number (`end` of the view) names no currency or unit. */
export function notSignedAmount(view: string, _start: number, end: number): boolean {
  const after = view.slice(view.charCodeAt(end) === 0x20 ? end + 1 : end, end + 7).toLowerCase();
  return !UNITS.some((unit) => after.startsWith(unit));
}
