/**
 * The JSON the console reads from `/v1` and the Agent Protocol's stream: only the fields it draws.
 * The server's own types live in Node-only modules (stores, telemetry), which the browser bundle must
 * not import, so these mirror them; the Chromium tests drive the real server and catch a drift.
 */

/** `GET /v1/me`. */
export interface Me {
  name: string;
  tenant: string;
  role: 'viewer' | 'operator' | 'admin' | 'platform_admin';
}

/** Token use and cost of a run. */
interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  usd: number;
}

/** One tool call of a run. */
interface ToolCall {
  agent: string;
  tool: string;
  args: unknown;
  status: string;
  duration_ms: number;
}

/** A run as `GET /v1/runs` lists it and `GET /v1/runs/:id` returns it. */
export interface RunRecord {
  run_id: string;
  thread_id: string;
  request_id: string;
  tenant: string;
  status: string;
  stop_reason: string;
  started_at: string;
  duration_ms: number;
  steps: number;
  usage: Usage;
  tool_calls: ToolCall[];
  answer: string;
  pending?: { agent: string; tool: string; args: unknown } | null;
  approval?: { decision: string; by: string; at: string; reason?: string; args?: unknown } | null;
  /** Only on a background run of this process that failed. */
  error?: { code: string; message: string };
}

/** `GET /v1/runs`. */
export interface RunList {
  runs: RunRecord[];
  /** Stored runs that could not be read. */
  skipped?: number;
}

/** One agent of the delegation tree (`GET /v1/runs/:id/tree`). */
export interface TreeNode {
  agent: string;
  task_id?: string;
  status: string;
  confidence?: string | number;
  reason?: string;
  tools: { tool: string; status: string; duration_ms: number }[];
  model_calls: number;
  tokens: number;
  time_ms: number;
  flags: string[];
  children: TreeNode[];
}

/** One journal entry (`GET /v1/runs/:id/events`). */
export interface RunEvent {
  ts: string;
  agent: string;
  type: string;
  tool?: string;
  status: string;
  detail?: string;
}

/** One action waiting for a human (`GET /v1/approvals`). */
export interface PendingApproval {
  id: string;
  run_id: string;
  thread_id: string;
  requested_at: string;
  agent: string;
  tool: string;
  args: Record<string, unknown>;
  answer: string;
  /** `mcp` when filed at the MCP boundary rather than by a paused run. */
  source?: string;
  expires_at?: string;
  /** Per argument: user_request, tool_result, third_party or model. */
  origins?: Record<string, string>;
  third_party_target?: boolean;
}

/** `POST /v1/approvals/:id`: the resumed run, for an MCP approval the decided request, or in queue mode (202) the queued resume (`status: "queued"`, `job_id`). */
export interface DecisionRecord {
  run_id: string;
  stop_reason: string;
  approval: { status: string };
  status?: string;
  job_id?: string;
}

/** Kill and read-only switches of one scope. */
interface SwitchState {
  killed: boolean;
  read_only: boolean;
}

/** `GET /v1/admin/switches`. */
export interface Switches {
  tenant: string;
  global: SwitchState;
  tenant_effective: SwitchState & { disabled_tools: string[] };
  tools: string[];
  budget: { max_tokens_per_day: number | null; max_usd_per_day: number | null };
  /** The daily budget's figures (charged per model call; `held` by calls in flight) and the runs finished today. */
  usage_today: { day: string; tokens: number; usd: number; calls: number; held: { tokens: number; usd: number; calls: number }; runs_finished: number };
  webhook: { url: string } | null;
}

/** One kernel step streamed as a `custom` event while a run goes on. */
export interface Step {
  type: string;
  agent?: string;
  tool?: string;
  args?: unknown;
  status?: string;
  detail?: string;
}

/** One tenant's day (or window, in `totals`) of `GET /v1/usage`. */
export interface UsageDay {
  tenant: string;
  day: string;
  runs: number;
  tokens: number;
  usd: number;
  approvals: { requested: number; approved: number; edited: number; auto: number; rejected: number; pending: number };
  stops: Record<string, number>;
}

/** `GET /v1/usage`. */
export interface UsageReport {
  since: string;
  until: string;
  tenant: string | null;
  days: UsageDay[];
  totals: UsageDay[];
}

/** One change of `GET /v1/rollouts` (docs/rollout.md). */
export interface RolloutChange {
  id: string;
  kind: string;
  stableVersion: string;
  candidateVersion: string;
  percent: number;
  state: 'canary' | 'promoted' | 'rolled_back';
  rule: { minCandidateRuns: number; margin: number };
  startedAt: string;
  tally?: { stable: { runs: number; bad: number }; candidate: { runs: number; bad: number } };
}

/** `GET /v1/rollouts`. */
export interface RolloutStatus {
  tenant: string;
  stage: string;
  current: RolloutChange | null;
  changes: RolloutChange[];
}

/** `GET /v1/rollouts/events`. */
export interface RolloutEvents {
  events: Array<{ id: number; at: string; type: string; by: string; change_id: string | null; detail: Record<string, unknown> }>;
}

/** `GET /v1/admin/model-endpoint`: the tenant's own model endpoint, its key masked (never returned). */
export interface ModelEndpointView {
  tenant: string;
  model: string;
  base_url: string;
  /** `****` and the key's last four characters, `****` for a short key, null without a key. */
  api_key: string | null;
  updated_at: string;
  updated_by: string;
}
