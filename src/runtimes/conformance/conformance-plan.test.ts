import { describe, expect, it } from 'vitest';
import { casesFor, CONFORMANCE_CASES, CONFORMANCE_SKIPS } from './conformance-plan.js';

// The plan itself, as data: which cases each runtime runs, and why ADK skips the ones it skips
// (runtime-conformance.test.ts runs the cases).
describe('the conformance plan', () => {
  it('says which cases each runtime skips and why, as data: ADK only, for what a fixed workflow cannot express', () => {
    expect(casesFor('langgraph')).toEqual([...CONFORMANCE_CASES]);
    expect(casesFor('openai-agents')).toEqual([...CONFORMANCE_CASES]);
    const skipped = Object.entries(CONFORMANCE_SKIPS.adk).map(([name, reason]) => [name, reason.split(':')[0]?.split(',')[0]]);
    expect(skipped).toEqual([
      ['tool_switch_irreversible', 'ADK offers no irreversible tool'],
      ['read_only', 'ADK offers no irreversible tool'],
      ['approval_approve_other_process', 'a fixed workflow has no place to pause for a human'],
      ['approval_edit', 'a fixed workflow has no place to pause for a human'],
      ['approval_reject_other_process', 'a fixed workflow has no place to pause for a human'],
      ['approval_race', 'a fixed workflow has no place to pause for a human'],
      ['double_irreversible', 'ADK offers no irreversible tool'],
      ['approval_grant_at_boundary', 'a fixed workflow has no place to pause for a human'],
      ['switch_after_approval', 'a fixed workflow has no place to pause for a human'],
      ['tenant_isolation', 'ADK offers no irreversible tool'],
      ['auto_approval_grant', 'ADK offers no irreversible tool'],
      ['worker_empty', 'the fixed workflow runs every worker on every request'],
      ['worker_no_fact', 'the fixed workflow runs every worker on every request'],
      ['refund_cap_reads_as_the_limit', 'ADK offers no irreversible tool'],
    ]);
    expect(casesFor('adk')).toHaveLength(CONFORMANCE_CASES.length - skipped.length);
  });
});
