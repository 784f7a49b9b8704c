/**
 * What a domain tool returns: `status: "ok"` with its fields, or the error envelope
 * `{"status":"error","problems":["field: what is wrong"]}` that a model can read and correct.
 */
// A type alias, not an interface, so it is assignable to the index-signature records that protocol types expect.
export type ErrorEnvelope = {
  status: 'error';
  problems: string[];
};

/**
 * An irreversible call that did not run because it needs a human decision: the approval to decide and
 * how, and what to send once it is approved. Not an error (nothing was wrong with the call) and not a
 * success (nothing happened).
 */
export type ApprovalRequiredResult = {
  status: 'approval_required';
  approval_id: string;
  tool: string;
  args: Record<string, unknown>;
  expires_at: string;
  decide: { console: string; cli: string; http: string };
  next: string;
};

/** A call the boundary refused before it ran (kill switch, tool switch, read-only mode, role). */
export type RefusedResult = {
  status: 'refused';
  reason: string;
  problems: string[];
};

export type ToolResult<T extends object = Record<string, unknown>> = ({ status: 'ok' } & T) | ErrorEnvelope | ApprovalRequiredResult | RefusedResult;

export function errorEnvelope(problems: readonly string[]): ErrorEnvelope {
  return { status: 'error', problems: [...problems] };
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { status?: unknown }).status === 'error' &&
    Array.isArray((value as { problems?: unknown }).problems)
  );
}
