import { inspectInput } from './injection/detect-injection.js';
import { maskReportedQuotes } from './injection/reported-quotes.js';
import { scanUntrustedText, scanUntrustedTextAfterInput } from './injection/scan-untrusted-text.js';
import type { GuardLabel, InjectionRule } from './injection/index.js';
import type { TaintVerdict } from './injection/scan-untrusted-text.js';
import { redactPii } from './pii/index.js';
import { classifierText, loadGuardClassifier, loadTaintClassifier, primeScores } from './classifier/index.js';
import { canonicalView } from './normalise/index.js';
import type { PiiType } from './pii/index.js';

/** The `waybill guard scan --json` contract (DESIGN.md §6). */
export interface GuardScanResult {
  blocked: boolean;
  /** `attack` (blocked), `out_of_domain` (not logistics: gets the domain answer, not the security refusal) or `benign`. */
  label: GuardLabel;
  /** The rule that blocked the input or tainted it, for logs; null when clean. */
  rule: InjectionRule | null;
  tainted: boolean;
  redacted: string;
  pii: Partial<Record<PiiType, number>>;
  /** The attack family when blocked (a corpus family name, e.g. `override`), null when not blocked. */
  family: string | null;
  /** The classifier's attack probability, 0 to 1, whatever the verdict. */
  score: number;
}

/** Runs all three guards over one text: input blocking (rules and classifier), tool-output taint, PII redaction. */
export function guardScan(text: string): GuardScanResult {
  // Two hashed classifiers read the same view of the text: its features are counted once for the two
  // (unless the input guard masks a reported quote first and so reads another text). The shipped
  // input model's lexical head counts features of its own, so there is nothing to share with it.
  const inputModel = loadGuardClassifier();
  if (inputModel.lexical === undefined && maskReportedQuotes(text) === text) primeScores(canonicalView(classifierText(text)).view, inputModel, loadTaintClassifier());
  const { verdict: input, patterns } = inspectInput(text);
  // The injection patterns hit nothing on any view of this very text: the taint scan need not run them again.
  // They hit: the taint scan, whose patterns include them, would be tainted by a pattern too, and the
  // input's rule is the one reported.
  const taint: TaintVerdict = patterns === 'hit' ? { tainted: true } : patterns === 'missed' ? scanUntrustedTextAfterInput(text) : scanUntrustedText(text);
  const pii = redactPii(text);
  return {
    blocked: input.blocked,
    label: input.label,
    // A pattern's name says more than the classifier's, so the taint rule wins over it.
    rule: (input.rule === 'injection_classifier' ? undefined : input.rule) ?? taint.rule ?? input.rule ?? null,
    tainted: taint.tainted,
    redacted: pii.text,
    pii: pii.counts,
    family: input.blocked ? (input.family ?? null) : null,
    score: input.score,
  };
}
