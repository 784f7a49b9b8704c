// Three or more percent-escapes in a row (with plain characters allowed between them): shorter
// runs are ordinary text ("50% off", "%20" in a pasted link).
const ESCAPED = /%[0-9A-Fa-f]{2}/g;

/**
 * The text with URL percent-escapes decoded (UTF-8), or undefined when it holds fewer than three
 * escapes or does not decode. "%69%67%6E%6F%72%65" reads "ignore". Linear; never throws.
 */
export function decodePercent(text: string): string | undefined {
  let count = 0;
  ESCAPED.lastIndex = 0;
  while (ESCAPED.exec(text) !== null && count < 3) count++;
  ESCAPED.lastIndex = 0;
  if (count < 3) return undefined;
  try {
    return decodeURIComponent(text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
