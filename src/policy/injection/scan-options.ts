import { WINDOWED_PATTERNS } from './guard-regexes.js';
import { maxMatchLength } from './max-match-length.js';

/** How much text one regex execution may see, and how deep encoded payloads are unwrapped. */
export interface ScanOptions {
  /** Characters of normalised text per window (default 8192; at least twice the overlap). */
  readonly windowChars?: number;
  /** Characters shared by neighbouring windows (default 512; at least {@link LONGEST_PATTERN_MATCH}). */
  readonly overlapChars?: number;
  /** How many layers of base64/hex/tag encoding are decoded and scanned (default 2; 0 to 4). */
  readonly maxDecodeDepth?: number;
}

/** {@link ScanOptions} with every default filled in. */
export type ResolvedScanOptions = Required<ScanOptions>;

/** The longest text any windowed pattern can match: the overlap must not be shorter. */
export const LONGEST_PATTERN_MATCH = Math.max(...WINDOWED_PATTERNS.map(({ pattern }) => maxMatchLength(pattern.source)));

/** The defaults: 8 KB windows, 512 characters of overlap, two layers of decoding. */
export const DEFAULT_SCAN_OPTIONS: ResolvedScanOptions = { windowChars: 8192, overlapChars: 512, maxDecodeDepth: 2 };

/**
 * Fills in defaults and checks the options. Throws a RangeError naming the allowed values when the
 * overlap is shorter than the longest possible match (a match at a window edge could be missed), the
 * window is under twice the overlap, or the decode depth is not an integer from 0 to 4.
 */
export function resolveScanOptions(options: ScanOptions = {}): ResolvedScanOptions {
  const { windowChars = DEFAULT_SCAN_OPTIONS.windowChars, overlapChars = DEFAULT_SCAN_OPTIONS.overlapChars, maxDecodeDepth = DEFAULT_SCAN_OPTIONS.maxDecodeDepth } = options;
  if (!Number.isInteger(overlapChars) || overlapChars < LONGEST_PATTERN_MATCH) {
    throw new RangeError(`overlapChars must be an integer of at least ${LONGEST_PATTERN_MATCH} (the longest possible match); got ${overlapChars}`);
  }
  if (!Number.isInteger(windowChars) || windowChars < 2 * overlapChars) {
    throw new RangeError(`windowChars must be an integer of at least twice overlapChars (${2 * overlapChars}); got ${windowChars}`);
  }
  if (!Number.isInteger(maxDecodeDepth) || maxDecodeDepth < 0 || maxDecodeDepth > 4) {
    throw new RangeError(`maxDecodeDepth must be an integer from 0 to 4; got ${maxDecodeDepth}`);
  }
  return { windowChars, overlapChars, maxDecodeDepth };
}
