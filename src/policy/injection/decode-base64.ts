const VALUES = new Int8Array(128).fill(-1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let index = 0; index < ALPHABET.length; index++) VALUES[ALPHABET.charCodeAt(index)] = index;
VALUES['-'.charCodeAt(0)] = 62;
VALUES['_'.charCodeAt(0)] = 63;

/**
 * Decodes standard or URL-safe base64, padding optional; a dangling last character is dropped.
 * Returns undefined when any character is outside the alphabet. Plain code rather than `Buffer` or
 * `atob`: the policy layer must also run where neither exists or where `atob` throws on padding.
 */
export function decodeBase64(encoded: string): Uint8Array | undefined {
  let length = encoded.length;
  while (length > 0 && encoded[length - 1] === '=') length--;
  if (length % 4 === 1) length--;
  const bytes = new Uint8Array(Math.floor((length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (let at = 0; at < length; at++) {
    const code = encoded.charCodeAt(at);
    const value = code < 128 ? (VALUES[code] ?? -1) : -1;
    if (value < 0) return undefined;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes.subarray(0, out);
}
