import { isWhiteSpace } from './is-white-space.js';

// The apostrophes a word may be typed with (ʼ ‘ ’ ` ´ ′), all read as '.
const isApostrophe = (unit: number): boolean => unit === 0x2bc || unit === 0x2018 || unit === 0x2019 || unit === 0x60 || unit === 0xb4 || unit === 0x2032;

/**
 * The canonical view's last step: every apostrophe as ', every run of white space as one space, or
 * as one line end when it holds line ends (the spaces before its first line end and after its last
 * each stay one space). What the three replacements `[ʼ‘’`´′]` → ', `[^\S\n]+` → ' ' and
 * `\n\s*\n` → '\n' did, in one pass (fast-paths.test.ts compares them); returns the text itself
 * when nothing changes, which is most text.
 */
export function tidySpacing(text: string): string {
  let out = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const unit = text.charCodeAt(at);
    // Most characters are neither, and most white space is one space or line end between words.
    if ((unit > 0x20 && unit < 0x60) || (unit > 0x60 && unit < 0xa0)) {
      at++;
      continue;
    }
    if ((unit === 0x20 || unit === 0x0a) && !isWhiteSpace(text.charCodeAt(at + 1))) {
      at++;
      continue;
    }
    if (isApostrophe(unit)) {
      out += `${text.slice(copied, at)}'`;
      copied = ++at;
      continue;
    }
    if (!isWhiteSpace(unit)) {
      at++;
      continue;
    }
    // One run of white space: what comes before its first line end, the line ends, what follows the last.
    const start = at;
    let firstBreak = -1;
    let lastBreak = -1;
    while (at < text.length && isWhiteSpace(text.charCodeAt(at))) {
      if (text.charCodeAt(at) === 0x0a) {
        if (firstBreak < 0) firstBreak = at;
        lastBreak = at;
      }
      at++;
    }
    let tidy: string;
    if (firstBreak < 0) tidy = ' ';
    else tidy = `${firstBreak > start ? ' ' : ''}\n${lastBreak < at - 1 ? ' ' : ''}`;
    if (at - start === tidy.length && text.startsWith(tidy, start)) continue;
    out += text.slice(copied, start) + tidy;
    copied = at;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
