/** One domain tool call as the run record lists it. */
export interface ToolCallRecord {
  agent: string;
  tool: string;
  args: Record<string, unknown>;
  status: 'ok' | 'error' | 'denied' | 'pending' | 'rejected';
  duration_ms: number;
}

/** An audit event before the run's identity and timestamp are stamped on it. */
export interface AuditEventInput {
  agent: string;
  parent?: string | null;
  type: string;
  tool?: string;
  args?: unknown;
  duration_ms?: number;
  status: 'ok' | 'error' | 'denied' | 'blocked' | 'pending' | 'info';
  detail?: string;
  /** The delegated sub-task the event belongs to (`d1`, `d2`, …); absent for the supervisor's own. */
  task_id?: string;
}

/** What a paused run waits for. */
export interface PendingAction {
  agent: string;
  tool: string;
  args: Record<string, unknown>;
}
