import type { RunPending } from '../telemetry/index.js';

const ORIGIN_TEXT: Readonly<Record<string, string>> = {
  user_request: "the user's own request",
  tool_result: 'a tool result the run fetched',
  third_party: 'third-party text (a shipment note, a retrieved passage)',
  model: "none of these: the model's own words",
};

/** A pending call as an approval screen on a terminal shows it: the approval id, each argument with its origin, the flag, how to decide. */
export function describePending(threadId: string, pending: RunPending): string {
  const id = pending.approval_id;
  const lines = [`thread ${threadId}: awaiting approval${id ? ` ${id}` : ''} of ${pending.agent}.${pending.tool}`];
  for (const [name, value] of Object.entries(pending.args)) {
    const origin = pending.origins?.[name];
    lines.push(`  ${name} = ${JSON.stringify(value)}${origin ? `   (from ${ORIGIN_TEXT[origin] ?? origin})` : ''}`);
  }
  if (pending.third_party_target) lines.push('  WARNING: the target was named only in third-party text, not by the user');
  const target = id ? `--approval ${id}` : `--thread ${threadId}`;
  lines.push(`  decide: waybill approve ${target}   |   waybill reject ${target} --reason "..."`);
  return lines.join('\n');
}
