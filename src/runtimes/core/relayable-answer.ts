import { detectLanguage } from '../../models/index.js';
import type { RunLedger } from './run-ledger.js';

// Plain lower-casing: V8 applies locale rules only for Turkish, Azeri, Lithuanian and Greek, so for
// `uk-UA` it is the same text, without an ICU call per string.
const normalised = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();

/**
 * The answer of a run's only sub-task when it can stand as the final answer with no further
 * supervisor call (issue 22): exactly one delegation, made with the user's whole request (so it is
 * the only part there is: a supervisor that hands over one part of several, or one part per turn,
 * is asked again as before), its contract `ok` with `high` confidence, no
 * gaps, no flags (nothing instruction-like was read or answered), every claim verified by the proof
 * loop when the loop is on, in the language of the request, and nothing stopped or noted in the run.
 * Anything less returns undefined and the supervisor's model is asked as before. The answer still goes
 * through the final check and PII redaction in finishRun.
 */
export function relayableAnswer(run: RunLedger, userText: string): string | undefined {
  if (run.stopped || run.notUnderstood || run.notes.length > 0 || run.subtasks.length !== 1) return undefined;
  const [task] = run.subtasks;
  if (!task || task.status !== 'ok' || task.confidence !== 'high' || task.gaps.length > 0 || task.flags.length > 0 || task.reason !== undefined) return undefined;
  if (normalised(task.request) !== normalised(userText)) return undefined;
  const result = task.result.trim();
  if (!result) return undefined;
  if (run.init.proof.enabled) {
    const verification = run.verifications.get(task.task_id);
    if (!verification || verification.unverified.length > 0 || verification.criteria.some((c) => c.level === 'must' && !c.met)) return undefined;
  }
  if (detectLanguage(result) !== run.language) return undefined;
  return result;
}
