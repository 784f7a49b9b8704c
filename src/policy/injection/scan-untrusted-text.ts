import { classifierText, loadTaintClassifier, scoreView } from '../classifier/index.js';
import type { GuardClassifierModel, ScoredView } from '../classifier/index.js';
import { canonicalView, decodedViews } from '../normalise/index.js';
import { asksToAct } from './asks-to-act.js';
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
import { DECODED_VIEW_LIMIT, scanText } from './scan-text.js';

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
  /** The taint classifier's probability that the text carries instructions, 0 to 1; absent when a rule decided first or no classifier ran. */
  readonly score?: number;
}

/** Options of {@link scanUntrustedText}: scan windows, and the taint classifier (null: rules and detectors only). */
export interface UntrustedScanOptions extends ScanOptions {
  /** The classifier to consult after the rules; defaults to the shipped taint classifier, `null` runs the rules alone. */
  readonly classifier?: GuardClassifierModel | null;
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
 * The taint classifier reads a text of at least this many words: a key, a status or a two-word
 * label gives it too few features to judge (a lone "note" scored 0.61), and an order that short
 * is the rules' to find.
 */
const CLASSIFIER_MIN_WORDS = 4;

/**
 * A plain data-instruction find, or a concept detector's, stands when the taint classifier gives the
 * text at least this: on the outside authors' third-party texts (5-fold), it cost 0.3 points of the
 * planted instructions flagged and cleared 3.7 points of the ordinary texts (notes to couriers,
 * agents' reports, policy passages); of the concept detectors' finds on data, it cleared 0 of 33
 * instructions and 7 of 14 ordinary texts.
 */
const PLAIN_FIND_CONFIRMATION = 0.1;

/**
 * Scans third-party text (tool results' text, shipment notes, retrieved passages, another agent's
 * output) with the full detector stack, adapted to the channel: the input guard's rules plus role
 * labels hidden behind field separators; instructions addressed to the reader (an assistant, an
 * agent, a bot) or imperative requests to cancel, refund, approve, skip a check or reveal inside
 * the data (`data_instruction`); the concept detectors of the input guard on notes; then the taint
 * classifier (`taint_classifier`), trained on third-party text written by outside authors (notes,
 * passages, agents' output, with and without planted instructions) and on the knowledge base's own
 * passages: the input classifier, trained on requests, added no find there and flagged 10 of the
 * knowledge base's 231 passages. It marks and never blocks: the caller wraps tainted data and
 * restricts what may follow. Linear in the text.
 */
export function scanUntrustedText(text: string, options: UntrustedScanOptions = {}): TaintVerdict {
  const { classifier, ...scan } = options;
  const resolved = Object.keys(scan).length === 0 ? DEFAULT_SCAN_OPTIONS : resolveScanOptions(scan);
  return scanUntrusted(text, resolved, UNTRUSTED_TEXT_PATTERNS, classifier === undefined ? loadTaintClassifier() : classifier);
}

/**
 * {@link scanUntrustedText} with the default options for a text over which the input guard's
 * injection patterns already ran on every view and hit nothing (`inspectInput`): only the data-only
 * patterns are left to run, and the verdict is the same.
 */
export function scanUntrustedTextAfterInput(text: string): TaintVerdict {
  return scanUntrusted(text, DEFAULT_SCAN_OPTIONS, DATA_ROLE_MARKER_PATTERNS, loadTaintClassifier());
}

function scanUntrusted(text: string, resolved: ResolvedScanOptions, patterns: readonly InjectionPattern[], classifier: GuardClassifierModel | null): TaintVerdict {
  const hit = scanText(text, patterns, resolved);
  if (hit !== undefined) return { tainted: true, rule: hit.rule, evidence: hit.evidence, family: RULE_FAMILY[hit.rule] };
  const view = canonicalView(text).view;
  const direct = readData(text, view, classifier, (model) => scoreText(text, model));
  if (direct.tainted || text.length > DECODED_VIEW_LIMIT) return direct;
  return hiddenInstruction(text, classifier) ?? direct;
}

/**
 * The detectors after the rules over one reading of a text (`view` its canonical view; `scoreOf` the
 * classifier's reading of it, asked only when a verdict needs it): an instruction to the reader, the
 * input guard's concepts on a note, the taint classifier.
 */
function readData(text: string, view: string, classifier: GuardClassifierModel | null, scoreOf: (model: GuardClassifierModel) => ScoredView): TaintVerdict {
  const instruction = findDataInstruction(view);
  let score: number | undefined;
  if (instruction !== undefined) {
    // A plain find (a reader named beside an action) is also what honest notes, agents' reports and
    // policy passages hold: the classifier must see some sign of an instruction in it too.
    // A note too short to judge keeps the rule's verdict.
    score = instruction.plain && classifier !== null && hasWords(view, CLASSIFIER_MIN_WORDS) ? scoreOf(classifier).score : undefined;
    if (score === undefined || score >= PLAIN_FIND_CONFIRMATION) return { tainted: true, rule: 'data_instruction', evidence: excerpt(instruction.sentence), family: RULE_FAMILY.data_instruction, ...(score !== undefined && { score }) };
  }
  const found = text.length <= CONCEPT_DATA_CHARS ? detectConcepts(text) : undefined;
  // An approval reported without anything asked of the reader is a fact of the record (asks-to-act.ts).
  const concept = found?.reportable && !asksToAct(view) ? undefined : found;
  if (concept !== undefined) {
    // The concept detectors were written for requests: on data they too need the classifier's sign.
    score ??= classifier !== null && hasWords(view, CLASSIFIER_MIN_WORDS) ? scoreOf(classifier).score : undefined;
    // A claimed approval with the reader asked to act on it ("the operator approved, so cancel it now")
    // is an order whatever the classifier thinks of its words.
    const ordered = found?.reportable === true;
    if (score === undefined || score >= PLAIN_FIND_CONFIRMATION || ordered) return { tainted: true, rule: concept.rule, evidence: concept.evidence, family: RULE_FAMILY[concept.rule], ...(score !== undefined && { score }) };
  }
  if (classifier === null || !hasWords(view, CLASSIFIER_MIN_WORDS)) return { tainted: false };
  const scored = score === undefined ? scoreOf(classifier) : undefined;
  const final = scored?.score ?? score ?? 0;
  if (final < classifier.threshold || scored === undefined) return { tainted: false, score: final };
  return { tainted: true, rule: 'taint_classifier', evidence: excerpt(scored.segment ?? view), family: RULE_FAMILY.taint_classifier, score: final };
}

/**
 * An instruction hidden in a note the way the input guard reads through (issue 34: third-party text
 * gets the full stack): what the detectors after the rules find in a reading of the text (words cut
 * into pieces put back together, ROT13, backwards, Ukrainian or Russian in Latin letters, URL-decoded),
 * which the rules read already. A reading is made only when the text bears its sign, and an order so
 * written is hidden, so it is `encoded_payload`. Words laced with zero-width characters need no
 * reading: the canonical view drops the characters.
 */
function hiddenInstruction(text: string, classifier: GuardClassifierModel | null): TaintVerdict | undefined {
  for (const reading of decodedViews(text)) {
    const readingView = canonicalView(reading.text).view;
    const found = readData(reading.text, readingView, classifier, (model) => scoreView(readingView, model));
    if (found.tainted) return { tainted: true, rule: 'encoded_payload', evidence: excerpt(`${reading.kind}: ${found.evidence ?? ''}`), family: RULE_FAMILY.encoded_payload, ...(found.score !== undefined && { score: found.score }) };
  }
  return undefined;
}

/** The classifier's reading of a text: personal data read as its type, as in training (classifier-text.ts). */
function scoreText(text: string, classifier: GuardClassifierModel): ScoredView {
  return scoreView(canonicalView(classifierText(text)).view, classifier);
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Whether the view holds at least `count` runs of letters or digits. */
function hasWords(view: string, count: number): boolean {
  WORD.lastIndex = 0;
  for (let words = 0; WORD.exec(view) !== null; ) if (++words >= count) return true;
  return false;
}
