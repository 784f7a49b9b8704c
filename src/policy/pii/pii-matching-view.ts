// Characters people (and attackers) use in place of ASCII digits, spaces and signs inside personal
// data, each mapped to one ASCII character, so the view has the text's length and every match is a
// span of the original text.
const SAME_LENGTH_FOLDS = new Map<number, number>([
  [0x00a0, 0x20], [0x2007, 0x20], [0x202f, 0x20], [0x2009, 0x20], [0x200a, 0x20], [0x2002, 0x20], [0x2003, 0x20], [0x2004, 0x20],
  [0x2005, 0x20], [0x2006, 0x20], [0x2008, 0x20], [0x3000, 0x20], [0xff0b, 0x2b], [0xff20, 0x40], [0xff0e, 0x2e], [0xff0d, 0x2d],
  [0x2010, 0x2d], [0x2011, 0x2d], [0x2012, 0x2d], [0x2013, 0x2d], [0x2212, 0x2d], [0xff08, 0x28], [0xff09, 0x29],
]);

/** The ASCII unit a fullwidth digit or sign, an odd space or a typographic dash stands for, or undefined. */
export function foldedUnit(unit: number): number | undefined {
  if (unit < 0x00a0 || (unit > 0x00a0 && unit < 0x2002)) return undefined;
  return unit >= 0xff10 && unit <= 0xff19 ? unit - 0xff10 + 0x30 : SAME_LENGTH_FOLDS.get(unit);
}

/**
 * The view the PII patterns read: fullwidth digits and signs, no-break, figure and thin spaces,
 * and typographic dashes become their ASCII forms, one UTF-16 unit for one, so `０６７ １２３…` and a
 * card grouped with no-break spaces are found, and redaction still cuts the original text. Returns
 * the text itself when nothing changes.
 */
export function piiMatchingView(text: string): string {
  let units: number[] | undefined;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    // ASCII, Latin and Cyrillic letters are never folded: most characters stop here, before the map.
    if (unit < 0x00a0 || (unit > 0x00a0 && unit < 0x2002)) continue;
    const folded = unit >= 0xff10 && unit <= 0xff19 ? unit - 0xff10 + 0x30 : SAME_LENGTH_FOLDS.get(unit);
    if (folded === undefined) continue;
    units ??= Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
    units[at] = folded;
  }
  if (units === undefined) return text;
  let out = '';
  for (let at = 0; at < units.length; at += 8192) out += String.fromCharCode(...units.slice(at, at + 8192));
  return out;
}
