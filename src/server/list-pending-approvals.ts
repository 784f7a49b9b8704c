import { publicThreadId } from './thread-key.js';
import type { Runtime } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { DecisionKind } from './runtime-decisions.js';
import { RUNTIME_DECISIONS } from './runtime-decisions.js';

/** One action waiting for a human, as `GET /v1/approvals` lists it; `id` is the paused run's id. */
export interface PendingApproval {
  id: string;
  run_id: string;
  thread_id: string;
  request_id: string;
  tenant: string;
  requested_at: string;
  agent: string;
  tool: string;
  args: Record<string, unknown>;
  answer: string;
  /** The approval request filed at the MCP boundary for this call (decidable by this id too). */
  approval_id?: string;
  /** Per argument: user_request, tool_result, third_party or model. */
  origins?: Record<string, string>;
  /** The call's target was named only in third-party text. */
  third_party_target?: boolean;
  /** The runtime that paused the run; only a server running it (or `waybill approve`) can decide it. */
  runtime?: RunRecord['runtime'];
  /** The decisions that runtime applies (no `edit` on OpenAI Agents). */
  decisions?: readonly DecisionKind[];
}

/**
 * A paused run is still pending only while it is the latest run of its thread and its runtime still
 * holds the pause (LangGraph's checkpointer, OpenAI Agents' stored run state). A run another runtime
 * paused is judged by its record alone (`awaiting_approval`, the thread's latest): this process cannot
 * read that runtime's pause, and deciding it is refused by name (`refuseOtherRuntime`).
 */
export async function isStillPending(opened: Runtime, record: RunRecord): Promise<boolean> {
  if (record.status !== 'awaiting_approval') return false;
  const latest = await opened.runs.latestRunForThread(record.thread_id);
  if (latest?.run_id !== record.run_id) return false;
  if (record.runtime !== opened.name) return true;
  return (await opened.state(record.thread_id)).pending !== undefined;
}

/** The tenant's pending approvals, newest first (up to the store's listing limit). */
export async function listPendingApprovals(opened: Runtime, tenant: string): Promise<PendingApproval[]> {
  const { runs } = await opened.runs.listRuns({ tenant, status: 'awaiting_approval', limit: 500 });
  const seen = new Set<string>();
  const pending: PendingApproval[] = [];
  for (const record of runs) {
    if (seen.has(record.thread_id)) continue;
    seen.add(record.thread_id);
    if (!(await isStillPending(opened, record))) continue;
    const action = (record.runtime === opened.name ? (await opened.state(record.thread_id)).pending : undefined) ?? record.pending;
    if (!action) continue;
    pending.push({
      id: record.run_id,
      run_id: record.run_id,
      thread_id: publicThreadId(record.thread_id),
      request_id: record.request_id,
      tenant: record.tenant,
      requested_at: record.started_at,
      agent: action.agent,
      tool: action.tool,
      args: action.args,
      answer: record.answer,
      ...(action.approval_id !== undefined && { approval_id: action.approval_id }),
      ...(action.origins && { origins: action.origins }),
      ...(action.third_party_target === true && { third_party_target: true }),
      runtime: record.runtime,
      decisions: RUNTIME_DECISIONS[record.runtime],
    });
  }
  return pending;
}
