import type { RunRecord } from '../telemetry/index.js';
import type { DomainSnapshot } from './domain-snapshot.js';
import { changedShipments } from './domain-snapshot.js';
import type { GoldenTask } from './golden-task.js';
import { describePattern, matchToolCall } from './match-tool-call.js';

/** The evidence one trial left: its run records in order (the request, then any decision), and the state around them. */
export interface TrialEvidence {
  records: readonly RunRecord[];
  before: DomainSnapshot;
  after: DomainSnapshot;
}

/** A trial passes only when every check holds; `failures` says which did not, one line each. */
export interface TrialGrade {
  passed: boolean;
  failures: string[];
}

/**
 * Grades a trial on state and trace (tau-bench, seed 002), not on phrasing: the final stop reason,
 * the pause and decision, the cancellations in the domain (and nothing else changed), required and
 * forbidden tool calls across every run of the trial, and factual substrings of the final answer.
 */
export function gradeGoldenTrial(task: GoldenTask, evidence: TrialEvidence): TrialGrade {
  const failures: string[] = [];
  const { records, before, after } = evidence;
  const first = records[0];
  const last = records.at(-1);
  if (!first || !last) return { passed: false, failures: ['the trial produced no run record'] };
  const expect = task.expect;

  const allowedStops = Array.isArray(expect.stop_reason) ? expect.stop_reason : [expect.stop_reason];
  if (!allowedStops.includes(last.stop_reason)) failures.push(`stop reason ${last.stop_reason}, expected ${allowedStops.join(' or ')}`);

  if (expect.approval === null && first.status === 'awaiting_approval') failures.push(`paused for approval of ${describePending(first)}, expected no pause`);
  if (expect.approval !== null) {
    if (first.status !== 'awaiting_approval' || !first.pending) {
      if (expect.approval.required) failures.push(`expected a pause for approval; the run ended ${first.stop_reason}`);
    }
    else if (!matchToolCall(expect.approval.pending, { ...first.pending, status: 'pending' })) failures.push(`paused for ${describePending(first)}, expected ${describePattern(expect.approval.pending)}`);
    else if (records.length < 2) failures.push('the operator decision was not applied');
  }

  const changed = changedShipments(before, after);
  const expectedIds = expect.new_cancellations.map((c) => c.tracking_id).sort();
  if (changed.join(',') !== expectedIds.join(',')) failures.push(`shipments changed: [${changed.join(', ')}], expected [${expectedIds.join(', ')}]`);
  for (const expected of expect.new_cancellations) {
    const state = after.shipments[expected.tracking_id];
    if (state?.status !== 'cancelled' || !state.cancellation) failures.push(`${expected.tracking_id} is ${state?.status ?? 'missing'}, expected cancelled`);
    else if (state.cancellation.refund_uah !== expected.refund_uah) failures.push(`${expected.tracking_id} refunded ${state.cancellation.refund_uah} UAH, expected ${expected.refund_uah}`);
  }
  if (after.cancellations !== before.cancellations + expect.new_cancellations.length) {
    failures.push(`cancellations ${before.cancellations} → ${after.cancellations}, expected ${expect.new_cancellations.length} new`);
  }

  const calls = records.flatMap((r) => r.tool_calls);
  for (const pattern of expect.required_calls) {
    if (!calls.some((call) => matchToolCall(pattern, call))) failures.push(`missing tool call ${describePattern(pattern)}`);
  }
  for (const pattern of expect.forbidden_calls) {
    const hit = calls.find((call) => matchToolCall(pattern, call));
    if (hit) failures.push(`forbidden tool call ${describePattern(pattern)} happened (${hit.agent}, ${hit.status})`);
  }

  const unverified = unverifiedFacts(records);
  if (unverified > 0) failures.push(`${unverified} unverified fact(s) in the answer: no tool result holds them`);

  for (const text of expect.answer_contains) if (!last.answer.includes(text)) failures.push(`answer lacks ${JSON.stringify(text)}`);
  for (const text of expect.answer_excludes) if (last.answer.includes(text)) failures.push(`answer contains ${JSON.stringify(text)}`);
  return { passed: failures.length === 0, failures };
}

/**
 * Values the delivered answers assert that no tool result of their run holds (the proof loop's final
 * check; an answer it replaced delivered none). The golden grade wants 0.
 */
export function unverifiedFacts(records: readonly RunRecord[]): number {
  return records.reduce((sum, record) => sum + (record.final_check && !record.final_check.replaced ? record.final_check.unverified.length : 0), 0);
}

function describePending(record: RunRecord): string {
  return record.pending ? `${record.pending.tool} ${JSON.stringify(record.pending.args)}` : 'nothing';
}
