import { canonicalView, decodedViews } from '../normalise/index.js';
import { excerpt } from './excerpt.js';
import { findEncodedPayloads } from './find-encoded-payloads.js';
import { findFirstHit } from './find-first-hit.js';
import type { InjectionPattern } from './injection-pattern.js';
import type { InjectionRule } from './injection-rule.js';
import { INVISIBLE_INSIDE_WORD } from './normalise-for-matching.js';
import type { ResolvedScanOptions } from './scan-options.js';

/** What one scan found: the rule and a short excerpt, or nothing. */
export type ScanHit = { readonly rule: InjectionRule; readonly evidence: string } | undefined;

/**
 * ROT13, URL-decoded and reversed readings are scanned for texts up to this length (a request, a
 * tool result); a longer document gets its canonical view and base64/hex payloads scanned only,
 * which keeps the guard's cost per megabyte at one pass of the rules.
 */
export const DECODED_VIEW_LIMIT = 16_384;

/**
 * The detection both guards share. A pattern hit names its own rule unless it needed folding
 * look-alike letters or the text hides invisible characters inside words: then it is
 * `encoded_payload`, since the disguise is the stronger signal. With no hit, the canonical view
 * (invisible characters, marks, look-alikes, spacing and leetspeak undone) is scanned when it differs,
 * then the ROT13, URL-decoded and reversed readings of a text up to {@link DECODED_VIEW_LIMIT}, then
 * base64, hex and tag payloads are decoded, joined (one scan instead of one per payload) and scanned
 * the same way, up to `maxDecodeDepth` layers deep; a hit in any of these is `encoded_payload`.
 */
export function scanText(text: string, patterns: readonly InjectionPattern[], options: ResolvedScanOptions, depth = 0): ScanHit {
  const hit = findFirstHit(text, patterns, options);
  if (hit !== undefined) {
    const disguised = hit.folded || INVISIBLE_INSIDE_WORD.test(text);
    return { rule: disguised ? 'encoded_payload' : hit.rule, evidence: hit.evidence };
  }
  const canonical = canonicalView(text);
  if (canonical.disguised) {
    const inCanonical = findFirstHit(canonical.view, patterns, options);
    if (inCanonical !== undefined) return { rule: 'encoded_payload', evidence: inCanonical.evidence };
  }
  if (depth === 0 && text.length <= DECODED_VIEW_LIMIT) {
    for (const view of decodedViews(text)) {
      const inView = findFirstHit(view.text, patterns, options);
      if (inView !== undefined) return { rule: 'encoded_payload', evidence: excerpt(`${view.kind}: ${inView.evidence}`) };
    }
  }
  if (depth >= options.maxDecodeDepth) return undefined;
  const payloads = findEncodedPayloads(text);
  if (payloads.length === 0) return undefined;
  const inner = scanText(payloads.map(({ text: decoded }) => decoded).join('\n'), patterns, options, depth + 1);
  return inner === undefined ? undefined : { rule: 'encoded_payload', evidence: excerpt(`decoded: ${inner.evidence}`) };
}
