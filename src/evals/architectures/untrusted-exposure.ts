import type { RolesTable } from '../../policy/index.js';

// Tools whose results carry text written by third parties: shipment notes, stock comments, policy passages.
const UNTRUSTED_SOURCES: readonly string[] = ['track_shipment', 'check_stock', 'search_policies'];

/**
 * Whether an agent that reads untrusted content also holds (or can delegate to an agent that holds)
 * `cancel_shipment`, read from the roles table: the structural exposure of seed 003 §5. What stands in
 * between at run time (write-origin policy, approval) is a separate barrier and not counted here.
 */
export function untrustedExposure(roles: RolesTable): { reaches: boolean; detail: string } {
  const holds = (agent: string, seen: Set<string> = new Set()): boolean => {
    if (seen.has(agent)) return false;
    seen.add(agent);
    const grant = roles[agent];
    return (grant?.tools.includes('cancel_shipment') ?? false) || (grant?.delegates ?? []).some((next) => holds(next, seen));
  };
  const exposed = Object.entries(roles).filter(([agent, grant]) => grant.tools.some((t) => UNTRUSTED_SOURCES.includes(t)) && holds(agent));
  if (exposed.length === 0) return { reaches: false, detail: 'no agent that reads untrusted content can reach cancel_shipment' };
  return { reaches: true, detail: exposed.map(([agent, grant]) => `${agent} reads ${grant.tools.filter((t) => UNTRUSTED_SOURCES.includes(t)).join(', ')} and holds cancel_shipment`).join('; ') };
}
