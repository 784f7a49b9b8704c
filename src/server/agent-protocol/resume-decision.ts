import type { Decision } from '../../runtimes/index.js';
import { ApiError } from '../api-error.js';

type Kind = 'approve' | 'edit' | 'reject';
const KINDS: readonly string[] = ['approve', 'edit', 'reject'];
const HINT = 'resume with true, "approve", {"type": "edit", "args": {...}}, {"type": "reject", "reason": "..."} or {"decisions": [{"type": ...}]}';

const record = (value: unknown): Record<string, unknown> | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/**
 * The operator's decision carried by `Command({resume})`: `true`/`false`, `"approve"`/`"reject"`, an
 * object with `type` (or `decision`) and `args` or `reason`, or LangChain's human-in-the-loop reply
 * `{decisions: [{type, edited_action: {args}, message}]}` with one decision (Waybill pauses on one call).
 * `by` is who decides, journaled by the runtime. Throws ApiError `invalid_body` for anything else.
 */
export function resumeDecision(resume: unknown, by: string): Decision {
  if (resume === true || resume === 'approve') return { type: 'approve', by };
  if (resume === false || resume === 'reject') return { type: 'reject', by, reason: '' };
  let body = record(resume);
  const decisions = body?.decisions;
  if (Array.isArray(decisions)) {
    if (decisions.length !== 1) throw new ApiError('invalid_body', `command.resume.decisions: one decision is expected (the run waits on one call), got ${decisions.length}`);
    body = record(decisions[0]);
  }
  const kind = body?.type ?? body?.decision;
  if (!body || typeof kind !== 'string' || !KINDS.includes(kind)) throw new ApiError('invalid_body', `command.resume: ${HINT}`);
  const chosen = kind as Kind;
  if (chosen === 'approve') return { type: 'approve', by };
  if (chosen === 'reject') {
    const reason = body.reason ?? body.message ?? '';
    return { type: 'reject', by, reason: typeof reason === 'string' ? reason : '' };
  }
  const args = record(body.args) ?? record(record(body.edited_action)?.args);
  if (!args) throw new ApiError('invalid_body', 'command.resume: an edit needs "args" (or "edited_action": {"args": {...}})');
  return { type: 'edit', by, args };
}
