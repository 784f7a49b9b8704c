import type { PiiView } from './pii-view.js';

const isAddressUnit = (unit: number): boolean =>
  (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || unit === 0x2e || unit === 0x5f || unit === 0x25 || unit === 0x2b || unit === 0x2d;
const isAlnum = (unit: number): boolean => (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
const isBlank = (unit: number): boolean => unit === 0x20 || unit === 0x09;
/** A spelled-out address has at least this many letters on each side of the @ («a b c @ u a . c o»). */
const MIN_SPACED_LEFT = 3;
const MIN_SPACED_RIGHT = 4;
/** Blanks and one line break between an address and its @: «ivan @ mail.com», «ivan@⏎mail.com». */
const MAX_GAP = 4;

/**
 * «y a r o s l a v @ u k r . n e t»: single characters with one space between them on both sides of
 * the @. Marks those spaces in `drop` and returns true when there are enough of them to be an address.
 */
function markSpacedOut(view: string, at: number, drop: Uint8Array): boolean {
  const spaces: number[] = [];
  let left = 0;
  for (let gap = at - 1; gap >= 1 && view.charCodeAt(gap) === 0x20 && isAddressUnit(view.charCodeAt(gap - 1)) && (gap < 2 || !isAddressUnit(view.charCodeAt(gap - 2))); gap -= 2) {
    spaces.push(gap);
    left++;
  }
  let right = 0;
  for (let gap = at + 1; gap + 1 < view.length && view.charCodeAt(gap) === 0x20 && isAddressUnit(view.charCodeAt(gap + 1)) && !isAddressUnit(view.charCodeAt(gap + 2)); gap += 2) {
    spaces.push(gap);
    right++;
  }
  if (left < MIN_SPACED_LEFT || right < MIN_SPACED_RIGHT) return false;
  for (const gap of spaces) drop[gap] = 1;
  return true;
}

const isLowerAscii = (unit: number): boolean => (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a);
/** The longest domain `domainEndsLikeMail` reads: a mail domain is short, so each @ costs a bounded look. */
const MAX_DOMAIN = 64;

/**
 * Whether the domain from `from` ends in a top-level domain of two or three letters, or «info»
 * (`gmail.com`, `firma.com.ua`): «ping @ team.lead» and «docs @ docs.example» are a word and a name.
 */
function domainEndsLikeMail(view: string, from: number): boolean {
  let end = from;
  let lastDot = -1;
  while (end < view.length && end - from < MAX_DOMAIN && (isAlnum(view.charCodeAt(end)) || view.charCodeAt(end) === 0x2d || (view.charCodeAt(end) === 0x2e && isAlnum(view.charCodeAt(end + 1))))) {
    if (view.charCodeAt(end) === 0x2e) lastDot = end;
    end++;
  }
  if (lastDot < 0) return false;
  const tld = view.slice(lastDot + 1, end).toLowerCase();
  for (let at = 0; at < tld.length; at++) if (!isLowerAscii(tld.charCodeAt(at))) return false;
  return tld.length === 2 || tld.length === 3 || tld === 'info';
}

/**
 * The blanks (and one line break) between the @ and the address before or after it, as `[from, to)`,
 * or undefined. Blanks alone before a domain are taken only when it ends like a mail domain; a line
 * break right after an @ is a wrapped address whatever follows.
 */
function gapBeside(view: string, at: number, step: 1 | -1): readonly [number, number] | undefined {
  let edge = at + step;
  let breaks = 0;
  while (Math.abs(edge - at) <= MAX_GAP && edge >= 0 && edge < view.length) {
    const unit = view.charCodeAt(edge);
    if (unit === 0x0a) breaks++;
    else if (!isBlank(unit) && unit !== 0x0d) break;
    edge += step;
  }
  if (edge === at + step || breaks > 1 || edge < 0 || edge >= view.length) return undefined;
  const beyond = view.charCodeAt(edge);
  if (step === -1 ? !isAddressUnit(beyond) : !isAlnum(beyond)) return undefined;
  if (step === 1 && breaks === 0 && !domainEndsLikeMail(view, edge)) return undefined;
  return step === -1 ? [edge + 1, at] : [at + 1, edge];
}

/**
 * The view with the gaps inside e-mail addresses taken out: an address spelled out with a space
 * between its characters, and blanks or a line break on either side of the @ (a mail client or a
 * narrow chat wrapping after the @). The EMAIL pattern then reads the address whole, and its span
 * still covers the original text. Linear: each @ looks at most a few characters beyond the spaced run.
 */
export function joinAddressGaps(source: PiiView): PiiView {
  const { view } = source;
  let at = view.indexOf('@');
  if (at < 0) return source;
  let drop: Uint8Array | undefined;
  let dropped = 0;
  for (; at >= 0; at = view.indexOf('@', at + 1)) {
    const around = view.charCodeAt(at - 1) === 0x20 || view.charCodeAt(at + 1) === 0x20 || view.charCodeAt(at + 1) === 0x0a || view.charCodeAt(at - 1) === 0x0a || view.charCodeAt(at + 1) === 0x0d;
    if (!around) continue;
    drop ??= new Uint8Array(view.length);
    if (markSpacedOut(view, at, drop)) {
      dropped++;
      continue;
    }
    for (const gap of [gapBeside(view, at, -1), gapBeside(view, at, 1)]) {
      if (gap === undefined) continue;
      for (let unit = gap[0]; unit < gap[1]; unit++) drop[unit] = 1;
      dropped++;
    }
  }
  if (drop === undefined || dropped === 0) return source;
  let joined = '';
  const starts = new Int32Array(view.length);
  const ends = new Int32Array(view.length);
  let length = 0;
  let copied = 0;
  // Kept units between two dropped ones are copied as a range, with the spans they came with.
  for (let unit = 0; unit < view.length; ) {
    if (drop[unit] === 1) {
      joined += view.slice(copied, unit);
      copied = unit + 1;
      unit++;
      continue;
    }
    const nextDrop = drop.indexOf(1, unit);
    const to = nextDrop < 0 ? view.length : nextDrop;
    if (source.starts !== undefined && source.ends !== undefined) {
      starts.set(source.starts.subarray(unit, to), length);
      ends.set(source.ends.subarray(unit, to), length);
      length += to - unit;
    } else {
      for (let kept = unit; kept < to; kept++, length++) {
        starts[length] = kept;
        ends[length] = kept + 1;
      }
    }
    unit = to;
  }
  joined += view.slice(copied);
  return { view: joined, starts: starts.subarray(0, length), ends: ends.subarray(0, length) };
}
