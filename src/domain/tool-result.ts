/**
 * What a domain tool returns: `status: "ok"` with its fields, or the error envelope
 * `{"status":"error","problems":["field: what is wrong"]}` that a model can read and correct.
 */
// A type alias, not an interface, so it is assignable to the index-signature records that protocol types expect.
export type ErrorEnvelope = {
  status: 'error';
  problems: string[];
};

export type ToolResult<T extends object = Record<string, unknown>> = ({ status: 'ok' } & T) | ErrorEnvelope;

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
