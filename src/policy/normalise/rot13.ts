/**
 * ROT13 of the Latin letters (other characters unchanged): its own inverse, so it both hides and
 * reveals "vtaber cerivbhf vafgehpgvbaf". Linear.
 */
export function rot13(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at += 4096) {
    const units: number[] = [];
    const end = Math.min(at + 4096, text.length);
    for (let i = at; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x61 && code <= 0x7a) units.push(((code - 0x61 + 13) % 26) + 0x61);
      else if (code >= 0x41 && code <= 0x5a) units.push(((code - 0x41 + 13) % 26) + 0x41);
      else units.push(code);
    }
    out += String.fromCharCode(...units);
  }
  return out;
}
