const UTF8 = new TextDecoder('utf-8');

/**
 * Decodes bytes as UTF-8 and returns the text only when it is mostly printable: at least
 * `minPrintableRatio` (default 0.9) of its characters are neither replacement characters (invalid
 * UTF-8) nor control characters other than tab and line breaks. Random bytes, which is what base64
 * decoding of an ordinary long word gives, fall far below that; real encoded text does not.
 */
export function decodePrintableUtf8(bytes: Uint8Array, minPrintableRatio = 0.9): string | undefined {
  if (bytes.length === 0) return undefined;
  const text = UTF8.decode(bytes);
  let total = 0;
  let unprintable = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    total++;
    if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code < 0xa0)) unprintable++;
  }
  return total - unprintable >= minPrintableRatio * total ? text : undefined;
}
