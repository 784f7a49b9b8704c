/**
 * The text read backwards, by code point (a surrogate pair stays whole): "snoitcurtsni suoiverp
 * erongi" reads "ignore previous instructions". Linear.
 */
export function reverseText(text: string): string {
  // Unit by unit into a typed array, a surrogate pair kept in order; decoding that as UTF-16 would
  // turn a lone surrogate into U+FFFD, so text holding any surrogate takes the code-point path.
  const units = new Uint16Array(text.length);
  for (let at = 0, to = text.length - 1; at < text.length; at++, to--) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xd800 && unit <= 0xdfff) return Array.from(text).reverse().join('');
    units[to] = unit;
  }
  return UTF16 === undefined ? Array.from(text).reverse().join('') : UTF16.decode(units);
}

// Typed arrays use the platform's byte order: the decoder is used only where that is little-endian.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const UTF16 = LITTLE_ENDIAN ? new TextDecoder('utf-16le', { ignoreBOM: true }) : undefined;
