import type { ApprovalStore } from '../../domain/index.js';

/**
 * How a run reaches the domain: the MCP server, through a session opened as the run's tenant (the
 * `mcp` module's in-process boundary implements it). The server checks switches, tenancy and grants on
 * every call; the runtime records its decisions in the same approval store the grants come from.
 */
export interface DomainBoundary {
  call(call: { tenant: string; agent: string; tool: string; args: Record<string, unknown>; origins?: Record<string, string> }): Promise<{ text: string; isError: boolean }>;
  readonly approvals: ApprovalStore;
}
