import { detectInjection, scanUntrustedText } from './injection/index.js';
import type { InjectionRule } from './injection/index.js';
import { redactPii } from './pii/index.js';
import type { PiiType } from './pii/index.js';

/** The `waybill guard scan --json` contract (DESIGN.md §6). */
export interface GuardScanResult {
  blocked: boolean;
  /** The rule that blocked the input or tainted it, for logs; null when clean. */
  rule: InjectionRule | null;
  tainted: boolean;
  redacted: string;
  pii: Partial<Record<PiiType, number>>;
}

/** Runs all three guards over one text: input blocking, tool-output taint, PII redaction. */
export function guardScan(text: string): GuardScanResult {
  const input = detectInjection(text);
  const taint = scanUntrustedText(text);
  const pii = redactPii(text);
  return {
    blocked: input.blocked,
    rule: input.rule ?? taint.rule ?? null,
    tainted: taint.tainted,
    redacted: pii.text,
    pii: pii.counts,
  };
}
