import { canonicalView } from '../normalise/index.js';
import { DATA_ROLE_MARKER_PATTERNS } from './data-role-marker-patterns.js';
import { detectConcepts } from './detect-injection.js';
import { findDataInstruction } from './detect-data-instruction.js';
import { excerpt } from './excerpt.js';
import { INJECTION_PATTERNS } from './injection-patterns.js';
import type { InjectionRule } from './injection-rule.js';
import { RULE_FAMILY } from './rule-family.js';
import { DEFAULT_SCAN_OPTIONS, resolveScanOptions } from './scan-options.js';
import type { ResolvedScanOptions, ScanOptions } from './scan-options.js';
import type { InjectionPattern } from './injection-pattern.js';
import { scanText } from './scan-text.js';

/**
 * Whether untrusted data (a tool result, a retrieved document) carries instructions. `rule` and
 * `evidence` (at most 80 characters) are set when tainted, for logs and for the policy that decides
 * what a tainted context may still do.
 */
export interface TaintVerdict {
  readonly tainted: boolean;
  readonly rule?: InjectionRule;
  readonly evidence?: string;
  /** The attack family of the rule, when tainted by one (`indirect` for an instruction addressed to the reader of data). */
  readonly family?: string;
}

// Data-only patterns first: a role label after a field separator is the more specific finding.
const UNTRUSTED_TEXT_PATTERNS = [...DATA_ROLE_MARKER_PATTERNS, ...INJECTION_PATTERNS];

/**
 * The input guard's concept detectors read notes up to this length; a longer passage (a policy
 * document) describes personal data and approvals as its subject, and the detectors, written for
 * requests, flagged such a passage of the knowledge base.
 */
const CONCEPT_DATA_CHARS = 400;

/**
 * Scans third-party text (tool results' text, shipment notes, retrieved passages, another agent's
 * output) with the full detector stack, adapted to the channel: the input guard's rules plus role
 * labels hidden behind field separators; instructions addressed to the reader (an assistant, an
 * agent, a bot) or imperative requests to cancel, refund, approve, skip a check or reveal inside
 * the data (`data_instruction`); and the concept detectors of the input guard on notes. The
 * classifier is not consulted: trained on requests, it added no find on the third-party corpus and
 * flagged 10 of the knowledge base's 231 passages. It marks and never blocks: the caller wraps
 * tainted data and restricts what may follow. Linear in the text.
 */
export function scanUntrustedText(text: string, options?: ScanOptions): TaintVerdict {
  return scanUntrusted(text, options === undefined ? DEFAULT_SCAN_OPTIONS : resolveScanOptions(options), UNTRUSTED_TEXT_PATTERNS);
}

/**
 * {@link scanUntrustedText} with the default options for a text over which the input guard's
 * injection patterns already ran on every view and hit nothing (`inspectInput`): only the data-only
 * patterns are left to run, and the verdict is the same.
 */
export function scanUntrustedTextAfterInput(text: string): TaintVerdict {
  return scanUntrusted(text, DEFAULT_SCAN_OPTIONS, DATA_ROLE_MARKER_PATTERNS);
}

function scanUntrusted(text: string, resolved: ResolvedScanOptions, patterns: readonly InjectionPattern[]): TaintVerdict {
  const hit = scanText(text, patterns, resolved);
  if (hit !== undefined) return { tainted: true, rule: hit.rule, evidence: hit.evidence, family: RULE_FAMILY[hit.rule] };
  const view = canonicalView(text).view;
  const instruction = findDataInstruction(view);
  if (instruction !== undefined) return { tainted: true, rule: 'data_instruction', evidence: excerpt(instruction), family: RULE_FAMILY.data_instruction };
  const concept = text.length <= CONCEPT_DATA_CHARS ? detectConcepts(text) : undefined;
  return concept === undefined ? { tainted: false } : { tainted: true, rule: concept.rule, evidence: concept.evidence, family: RULE_FAMILY[concept.rule] };
}
