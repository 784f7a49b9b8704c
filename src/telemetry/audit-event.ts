import { z } from 'zod';
import { argsHash, canonicalJson } from '../domain/index.js';

/** Longest `detail` an audit event keeps; `auditEvent` truncates longer text to this many characters. */
export const AUDIT_DETAIL_MAX = 2000;

/** What happened; event names read noun.verb. */
const AuditEventType = z.enum([
  'run.start',
  'run.end',
  'run.recovered',
  'run.reconciled',
  'tool.call',
  'policy.deny',
  'guard.block',
  'guard.out_of_domain',
  'guard.taint',
  'pii.redacted',
  'approval.requested',
  'approval.decided',
  'delegation.start',
  'delegation.result',
  'budget.stop',
  'kill',
  'model.call',
  'model.error',
  'proof.check',
  'proof.retry',
  'rollout.variant',
]);
type AuditEventType = z.infer<typeof AuditEventType>;

/** Outcome of the audited step; `info` for events that are facts rather than outcomes. */
const AuditEventStatus = z.enum(['ok', 'error', 'denied', 'blocked', 'pending', 'info']);
type AuditEventStatus = z.infer<typeof AuditEventStatus>;

/**
 * One line of the audit trail (DESIGN.md §6). Arguments are never kept, only `args_hash` (SHA-256 of
 * their canonical JSON); `approval.decided` is the exception, see `auditEvent`.
 */
export const AuditEvent = z.object({
  ts: z.iso.datetime(),
  request_id: z.string(),
  tenant: z.string(),
  run_id: z.string().min(1),
  agent: z.string(),
  /** The delegating agent, or null for the top-level one. */
  parent: z.string().nullable(),
  type: AuditEventType,
  tool: z.string().optional(),
  args_hash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  duration_ms: z.number().min(0).optional(),
  status: AuditEventStatus,
  detail: z.string().max(AUDIT_DETAIL_MAX).optional(),
  /** The delegated sub-task the event belongs to, so parallel delegations to one agent stay apart. */
  task_id: z.string().optional(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

/** What a caller gives `auditEvent`: the event without `ts` and `args_hash`, plus the raw `args` to hash. */
export type AuditEventFields = Omit<AuditEvent, 'ts' | 'args_hash'> & { args?: unknown };

/**
 * Builds an audit event: `ts` from `now` (default the system clock) and `args_hash` from `args` when
 * given; the raw arguments are dropped. For `approval.decided` an operator must see which exact
 * arguments were approved, so `detail` becomes their canonical JSON on the first line, followed by the
 * caller's `detail` (e.g. who decided) on the next. `detail` longer than AUDIT_DETAIL_MAX is cut and
 * ends with `…`. Throws only if `args` cannot be serialised (a cycle or a BigInt).
 */
export function auditEvent(fields: AuditEventFields, now: () => Date = () => new Date()): AuditEvent {
  const { args, detail, ...rest } = fields;
  const hash = args === undefined ? undefined : argsHash(args);
  const text = args !== undefined && fields.type === 'approval.decided' ? [canonicalJson(args), detail].filter((part) => part !== undefined).join('\n') : detail;
  return {
    ts: now().toISOString(),
    ...rest,
    ...(hash !== undefined && { args_hash: hash }),
    ...(text !== undefined && { detail: truncateDetail(text) }),
  };
}

/** Cuts `text` to AUDIT_DETAIL_MAX characters with a trailing `…`, never splitting a surrogate pair. */
function truncateDetail(text: string): string {
  if (text.length <= AUDIT_DETAIL_MAX) return text;
  let end = AUDIT_DETAIL_MAX - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** An audit event as a runtime collects it during a run, before the run's identity and time are known. */
export interface AuditEventDraft {
  agent: string;
  /** The delegating agent; defaults to `supervisor` for workers and null for the supervisor itself. */
  parent?: string | null;
  type: AuditEventType;
  tool?: string;
  args?: unknown;
  duration_ms?: number;
  status: AuditEventStatus;
  detail?: string;
  task_id?: string;
}

/**
 * Stamps a run's collected drafts with its identity and the time, as every runtime stores them: each
 * event is what `auditEvent({ ...identity, ...draft, parent }, () => at)` returns, key for key and in
 * the same order (the stored JSON is the same), built in one pass without the three object spreads and
 * two rest copies per event that way costs (issue 36: about a twentieth of a millisecond a run).
 */
export function stampAuditEvents(drafts: readonly AuditEventDraft[], run: Pick<AuditEvent, 'request_id' | 'tenant' | 'run_id'>, now: () => Date): AuditEvent[] {
  // Only the identity: callers pass the whole run record, whose answer, arguments and sub-tasks were
  // once copied into every event (1.6 KB an event, raw tool arguments included).
  const { request_id, tenant, run_id } = run;
  // A run's events are stamped together when it ends: one time for all of them.
  const ts = now().toISOString();
  return drafts.map((draft) => {
    const event: Record<string, unknown> = { ts, request_id, tenant, run_id };
    for (const key of Object.keys(draft)) {
      if (key !== 'parent' && key !== 'args' && key !== 'detail') event[key] = draft[key as keyof AuditEventDraft];
    }
    event.parent = draft.parent ?? (draft.agent === 'supervisor' ? null : 'supervisor');
    const { args, detail } = draft;
    if (args !== undefined) event.args_hash = argsHash(args);
    const text = args !== undefined && draft.type === 'approval.decided' ? [canonicalJson(args), detail].filter((part) => part !== undefined).join('\n') : detail;
    if (text !== undefined) event.detail = truncateDetail(text);
    return event as AuditEvent;
  });
}
