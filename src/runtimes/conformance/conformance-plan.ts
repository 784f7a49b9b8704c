import type { RuntimeName } from '../core/index.js';

/** Every behaviour the conformance suite checks, the same spec for each runtime. */
export const CONFORMANCE_CASES = [
  'input_blocked',
  'kill_switch',
  'tenant_switch',
  'tool_switch',
  'tool_switch_irreversible',
  'read_only',
  'run_budget',
  'daily_budget',
  'rate_limit',
  'breaker',
  'loop_detection',
  'approval_approve_other_process',
  'approval_edit',
  'approval_reject_other_process',
  'approval_race',
  'double_irreversible',
  'approval_grant_at_boundary',
  'switch_after_approval',
  'tenant_isolation',
  'auto_approval_grant',
  'worker_throws',
  'worker_empty',
  'worker_no_fact',
  'injection_not_obeyed',
  'pii_redacted',
  'model_fallback',
  'knowledge_search',
  'altered_fact_answered_from_tool',
  'verification_failure_named',
  'domain_refusal_is_an_answer',
  'refund_cap_reads_as_the_limit',
] as const;
export type ConformanceCase = (typeof CONFORMANCE_CASES)[number];

const NO_PAUSE = 'a fixed workflow has no place to pause for a human, so ADK offers no irreversible tool: nothing to approve, edit or reject';
const NO_WRITE = 'ADK offers no irreversible tool, so there is no write for this switch or rule to refuse';
const EVERY_WORKER = 'the fixed workflow runs every worker on every request, so a worker that says nothing or answers without a tool call cannot be told from one with nothing to do; only workers that acted are judged';

/** What a runtime cannot express, and why: printed by the suite's own test, never an `it.skip`. */
export const CONFORMANCE_SKIPS: Readonly<Record<RuntimeName, Partial<Record<ConformanceCase, string>>>> = {
  langgraph: {},
  'openai-agents': {},
  adk: {
    tool_switch_irreversible: NO_WRITE,
    read_only: NO_WRITE,
    approval_approve_other_process: NO_PAUSE,
    approval_edit: NO_PAUSE,
    approval_reject_other_process: NO_PAUSE,
    approval_race: NO_PAUSE,
    double_irreversible: NO_WRITE,
    approval_grant_at_boundary: NO_PAUSE,
    switch_after_approval: NO_PAUSE,
    tenant_isolation: NO_WRITE,
    auto_approval_grant: NO_WRITE,
    worker_empty: EVERY_WORKER,
    worker_no_fact: EVERY_WORKER,
    refund_cap_reads_as_the_limit: NO_WRITE,
  },
};

/** Whether an operator's edit of a pending call is applied (LangGraph) or refused with `invalid_edit` (the SDK approves or rejects the exact call). */
export const EDIT_APPLIED: Readonly<Record<RuntimeName, boolean>> = { langgraph: true, 'openai-agents': false, adk: false };

/** The cases a runtime runs: every case it does not skip. */
export function casesFor(runtime: RuntimeName): ConformanceCase[] {
  return CONFORMANCE_CASES.filter((name) => CONFORMANCE_SKIPS[runtime][name] === undefined);
}
