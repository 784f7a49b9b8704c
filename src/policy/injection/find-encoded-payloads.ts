import { decodeBase64 } from './decode-base64.js';
import { decodeHex } from './decode-hex.js';
import { decodePrintableUtf8 } from './decode-printable-utf8.js';

/** A decoded piece of hidden text: how it was encoded and what it says. */
export interface EncodedPayload {
  readonly kind: 'base64' | 'hex' | 'unicode_tags';
  readonly text: string;
}

// 24 characters of the base64 alphabet (URL-safe included) hold 18 bytes: shorter runs are ordinary
// identifiers and too short to carry an instruction anyway.
const ENCODED_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const HEX_RUN = /^(?:0[xX])?[0-9A-Fa-f]{24,}$/;
// Unicode tag characters mirror ASCII invisibly (U+E0041 is a hidden "A"): "ASCII smuggling".
const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;
const TAG_HIGH_SURROGATE = '\uDB40';

/** The regexes payload detection runs, for the ReDoS safety test. */
export const ENCODED_PAYLOAD_REGEXES: readonly RegExp[] = [ENCODED_RUN, HEX_RUN, TAG_RUN];

/**
 * Every base64 run (≥ 24 characters), hex run (≥ 24 digits) and run of Unicode tag characters in the
 * text that decodes to mostly printable UTF-8, decoded. Hex is tried first because every hex run is
 * also valid base64. Decoded text is never longer than its encoding, so scanning it keeps the total
 * work linear. Known limit: base64 split across lines or glued to other letters is not found.
 */
export function findEncodedPayloads(text: string): EncodedPayload[] {
  // The classifier, the input guard's rules and the taint scan look for the same text's payloads in turn.
  if (text === last.text) return [...last.payloads];
  const payloads: EncodedPayload[] = [];
  for (const run of encodedRuns(text)) {
    const hex = HEX_RUN.test(run) ? decodeHex(run) : undefined;
    const fromHex = hex && decodePrintableUtf8(hex);
    if (fromHex !== undefined) {
      payloads.push({ kind: 'hex', text: fromHex });
      continue;
    }
    const base64 = decodeBase64(run);
    const fromBase64 = base64 && decodePrintableUtf8(base64);
    if (fromBase64 !== undefined) payloads.push({ kind: 'base64', text: fromBase64 });
  }
  // Every tag character is written with the high surrogate U+DB40: a text without one has none (the regex read it all).
  for (const [run] of text.includes(TAG_HIGH_SURROGATE) ? text.matchAll(TAG_RUN) : []) {
    let decoded = '';
    for (const char of run) decoded += String.fromCharCode((char.codePointAt(0) ?? 0xe0000) - 0xe0000);
    payloads.push({ kind: 'unicode_tags', text: decoded });
  }
  last = { text, payloads };
  return [...payloads];
}

const BASE64_UNIT = new Uint8Array(0x80).map((_, unit) => (/[A-Za-z0-9+/_-]/.test(String.fromCharCode(unit)) ? 1 : 0));
const isBase64Unit = (unit: number): boolean => unit < 0x80 && BASE64_UNIT[unit] === 1;
const EQUALS = 0x3d;

/**
 * The matches of {@link ENCODED_RUN} in order, found in one pass over the characters: each run of
 * the alphabet of 24 or more, with up to two `=` after it. The regex tries every start inside every
 * word, so it read each character several times.
 */
export function encodedRuns(text: string): string[] {
  const runs: string[] = [];
  for (let at = 0; at < text.length; ) {
    if (!isBase64Unit(text.charCodeAt(at))) {
      at++;
      continue;
    }
    let end = at + 1;
    while (end < text.length && isBase64Unit(text.charCodeAt(end))) end++;
    if (end - at < 24) {
      at = end;
      continue;
    }
    let stop = end;
    while (stop < text.length && stop - end < 2 && text.charCodeAt(stop) === EQUALS) stop++;
    runs.push(text.slice(at, stop));
    at = stop;
  }
  return runs;
}

let last: { readonly text: string | undefined; readonly payloads: readonly EncodedPayload[] } = { text: undefined, payloads: [] };
