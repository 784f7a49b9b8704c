import type { ScanOptions } from './scan-options.js';
import { resolveScanOptions } from './scan-options.js';
import { scanUntrustedText } from './scan-untrusted-text.js';
import type { TaintVerdict } from './scan-untrusted-text.js';

/** How deep {@link scanUntrustedValue} follows nested objects and arrays. */
export const MAX_SCAN_DEPTH = 32;

/**
 * Scans every string inside a JSON-like value (object keys included, since a tool result's keys are
 * data too) with {@link scanUntrustedText} and returns the first taint found. Numbers, booleans and
 * null cannot carry instructions and are skipped. A value nested deeper than {@link MAX_SCAN_DEPTH}
 * levels is reported tainted without a rule: what was not read cannot be called clean.
 */
export function scanUntrustedValue(value: unknown, options?: ScanOptions): TaintVerdict {
  const resolved = resolveScanOptions(options);
  return scanValue(value, resolved, 0);
}

function scanValue(value: unknown, options: ScanOptions, depth: number): TaintVerdict {
  if (typeof value === 'string') return scanUntrustedText(value, options);
  if (value === null || typeof value !== 'object') return { tainted: false };
  if (depth >= MAX_SCAN_DEPTH) return { tainted: true, evidence: `nested deeper than ${MAX_SCAN_DEPTH} levels; not scanned` };
  const entries: readonly (readonly [string | undefined, unknown])[] = Array.isArray(value)
    ? value.map((item: unknown) => [undefined, item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const verdict = key === undefined ? { tainted: false } : scanUntrustedText(key, options);
    if (verdict.tainted) return verdict;
    const inner = scanValue(item, options, depth + 1);
    if (inner.tainted) return inner;
  }
  return { tainted: false };
}
