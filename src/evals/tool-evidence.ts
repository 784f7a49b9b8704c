import type { DomainStore } from '../domain/index.js';
import { findDomainTool } from '../domain/index.js';
import type { RunRecord } from '../telemetry/index.js';

/**
 * What the tools told the agents, for a judge to check groundedness against. Run records keep the
 * calls, not their results, so read calls are replayed on the trial's final domain state (reads are
 * pure; a shipment cancelled in the trial shows as cancelled); writes are listed with their status.
 */
export async function toolEvidence(domain: DomainStore, records: readonly RunRecord[]): Promise<string[]> {
  const lines: string[] = [];
  for (const call of records.flatMap((r) => r.tool_calls)) {
    const tool = findDomainTool(call.tool);
    if (tool?.risk === 'read' && call.status === 'ok') lines.push(`${call.tool} ${JSON.stringify(call.args)} → ${JSON.stringify(await tool.run({ store: domain, now: () => new Date() }, call.args))}`);
    else lines.push(`${call.tool} ${JSON.stringify(call.args)} → status ${call.status}`);
  }
  return lines;
}
