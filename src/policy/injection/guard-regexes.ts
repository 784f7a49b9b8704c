import { DATA_ROLE_MARKER_PATTERNS } from './data-role-marker-patterns.js';
import { HIDDEN_COMMENT_REGEXES } from './detect-data-instruction.js';
import { ENCODED_PAYLOAD_REGEXES } from './find-encoded-payloads.js';
import { INJECTION_PATTERNS } from './injection-patterns.js';
import { INTENT_REGEXES } from './intent-detectors.js';
import { NORMALISATION_REGEXES } from './normalise-for-matching.js';
import { OPERATOR_ADVICE_REGEXES } from './operator-advice.js';
import { ASKS_TO_ACT_REGEXES } from './asks-to-act.js';
import { CODE_REQUEST_REGEXES } from './code-request.js';
import { TEST_CASE_REGEXES } from './test-case.js';
import { TRAINING_MATERIAL_REGEXES } from './training-material.js';
import { DECLINED_VALUE_REGEXES } from './declined-value.js';
import { REFUSAL_QUESTION_REGEXES } from './refusal-question.js';
import { PERMISSION_QUESTION_REGEXES, REPORTED_DEMAND_REGEXES, RULE_QUESTION_REGEXES } from './permission-question.js';
import { SELF_REQUEST_REGEXES } from './detect-self-request.js';
import { ASKS_NOTHING_REGEXES } from './asks-nothing.js';
import { PLAYS_A_ROLE_REGEXES } from './plays-a-role.js';
import { NEW_PERSONA_VETO_REGEXES, PRAISE_VETO_REGEXES } from './new-persona-patterns.js';
import { REVEAL_VETO_REGEXES } from './reveal-system-prompt-patterns.js';
import { UNSPLIT_REGEXES } from '../normalise/unsplit-words.js';
import { RESTORE_VOWELS_REGEXES } from '../normalise/restore-vowels.js';
import { TRANSLITERATE_REGEXES } from '../normalise/transliterate.js';
import { REPORTED_QUOTE_REGEXES } from './reported-quotes.js';
import { FOLD_CONFUSABLES_REGEXES } from '../normalise/fold-confusables.js';
import { FOLD_LEETSPEAK_REGEXES } from '../normalise/fold-leetspeak.js';
import { NORMALISE_TEXT_REGEXES } from '../normalise/normalise-text.js';
import { STRIP_COMBINING_MARKS_REGEXES } from '../normalise/strip-combining-marks.js';
import { STRIP_INVISIBLE_REGEXES } from '../normalise/strip-invisible.js';

/** Every pattern the guard runs in windows: the input guard's and the untrusted-data extras. */
export const WINDOWED_PATTERNS = [...INJECTION_PATTERNS, ...DATA_ROLE_MARKER_PATTERNS];

/**
 * Every regular expression the injection module executes, windowed or not, so one test can prove
 * each of them linear. A regex added anywhere in this folder belongs in one of these lists.
 */
export const GUARD_REGEXES: readonly RegExp[] = [
  ...WINDOWED_PATTERNS.map(({ pattern }) => pattern),
  ...WINDOWED_PATTERNS.flatMap(({ unless }) => (unless === undefined ? [] : [unless])),
  ...NORMALISATION_REGEXES,
  ...ENCODED_PAYLOAD_REGEXES,
  ...INTENT_REGEXES,
  ...PERMISSION_QUESTION_REGEXES,
  ...RULE_QUESTION_REGEXES,
  ...REPORTED_DEMAND_REGEXES,
  ...OPERATOR_ADVICE_REGEXES,
  ...CODE_REQUEST_REGEXES,
  ...TEST_CASE_REGEXES,
  ...TRAINING_MATERIAL_REGEXES,
  ...DECLINED_VALUE_REGEXES,
  ...REFUSAL_QUESTION_REGEXES,
  ...ASKS_TO_ACT_REGEXES,
  ...HIDDEN_COMMENT_REGEXES,
  ...SELF_REQUEST_REGEXES,
  ...ASKS_NOTHING_REGEXES,
  ...PLAYS_A_ROLE_REGEXES,
  ...NEW_PERSONA_VETO_REGEXES,
  ...PRAISE_VETO_REGEXES,
  ...REVEAL_VETO_REGEXES,
  ...UNSPLIT_REGEXES,
  ...RESTORE_VOWELS_REGEXES,
  ...TRANSLITERATE_REGEXES,
  ...REPORTED_QUOTE_REGEXES,
  // The shared normalisation (src/policy/normalise) every detector reads through.
  ...STRIP_INVISIBLE_REGEXES,
  ...STRIP_COMBINING_MARKS_REGEXES,
  ...FOLD_CONFUSABLES_REGEXES,
  ...FOLD_LEETSPEAK_REGEXES,
  ...NORMALISE_TEXT_REGEXES,
];
