/**
 * Whether a UTF-16 unit is white space as a regular expression's `\s` means it (ECMAScript
 * WhiteSpace and LineTerminator), for loops that replace `\s` regexes on the hot path.
 */
export function isWhiteSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0xa0) return false;
  return unit === 0xa0 || unit === 0x1680 || (unit >= 0x2000 && unit <= 0x200a) || unit === 0x2028 || unit === 0x2029 || unit === 0x202f || unit === 0x205f || unit === 0x3000 || unit === 0xfeff;
}
