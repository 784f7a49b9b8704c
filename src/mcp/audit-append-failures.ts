/**
 * Tool calls whose `tool.call` entry could not be written after the call (a read, or an irreversible
 * call that had no effect; an effect's own entries commit in its transaction or the effect rolls back).
 * Counted per tenant and tool for the whole process, which `/metrics` exposes as
 * `waybill_audit_append_failures_total`.
 */
const failures = new Map<string, { tenant: string; tool: string; count: number }>();

export function countAuditAppendFailure(tenant: string, tool: string): void {
  const key = `${tenant}\n${tool}`;
  const counted = failures.get(key) ?? { tenant, tool, count: 0 };
  counted.count += 1;
  failures.set(key, counted);
}

/** Every count so far, per tenant and tool. */
export function auditAppendFailures(): Array<{ tenant: string; tool: string; count: number }> {
  return [...failures.values()].map((f) => ({ ...f }));
}
