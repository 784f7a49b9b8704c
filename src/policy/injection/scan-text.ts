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
 * The detection both guards share. A pattern hit names its own rule unless it needed folding
 * look-alike letters or the text hides invisible characters inside words: then it is
 * `encoded_payload`, since the disguise is the stronger signal. With no hit, base64, hex and tag
 * payloads are decoded, joined (one scan instead of one per payload) and scanned the same way, up to
 * `maxDecodeDepth` layers deep; a hit inside is `encoded_payload` with the decoded excerpt.
 */
export function scanText(text: string, patterns: readonly InjectionPattern[], options: ResolvedScanOptions, depth = 0): ScanHit {
  const hit = findFirstHit(text, patterns, options);
  if (hit !== undefined) {
    const disguised = hit.folded || INVISIBLE_INSIDE_WORD.test(text);
    return { rule: disguised ? 'encoded_payload' : hit.rule, evidence: hit.evidence };
  }
  if (depth >= options.maxDecodeDepth) return undefined;
  const payloads = findEncodedPayloads(text);
  if (payloads.length === 0) return undefined;
  const inner = scanText(payloads.map(({ text: decoded }) => decoded).join('\n'), patterns, options, depth + 1);
  return inner === undefined ? undefined : { rule: 'encoded_payload', evidence: excerpt(`decoded: ${inner.evidence}`) };
}
