/**
 * Decodes a run of hex digits (an optional `0x` prefix is skipped, a dangling nibble dropped).
 * Returns undefined when anything but hex digits remains.
 */
export function decodeHex(encoded: string): Uint8Array | undefined {
  const digits = encoded.startsWith('0x') || encoded.startsWith('0X') ? encoded.slice(2) : encoded;
  const bytes = new Uint8Array(digits.length >> 1);
  for (let at = 0; at < bytes.length; at++) {
    const high = nibble(digits.charCodeAt(2 * at));
    const low = nibble(digits.charCodeAt(2 * at + 1));
    if (high < 0 || low < 0) return undefined;
    bytes[at] = (high << 4) | low;
  }
  if (digits.length % 2 === 1 && nibble(digits.charCodeAt(digits.length - 1)) < 0) return undefined;
  return bytes;
}

function nibble(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
