// The checks below are plain loops rather than regexes so that every regex in this module lives
// in `PII_PATTERNS`, where a test proves each one safe.

/** Whether `char` is one ASCII digit 0-9 (`\d` without the `u` flag means the same). */
export function isAsciiDigit(char: string | undefined): boolean {
  return char !== undefined && char.length === 1 && char >= '0' && char <= '9';
}

/** Whether `text` is exactly `length` ASCII digits. */
export function isAsciiDigits(text: string, length: number): boolean {
  if (text.length !== length) return false;
  for (const char of text) if (!isAsciiDigit(char)) return false;
  return true;
}
