/**
 * The text read backwards, by code point (a surrogate pair stays whole): "snoitcurtsni suoiverp
 * erongi" reads "ignore previous instructions". Linear.
 */
export function reverseText(text: string): string {
  return Array.from(text).reverse().join('');
}
