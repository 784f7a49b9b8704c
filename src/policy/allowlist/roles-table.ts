/** What one agent is granted: tools it may call, agents it may delegate to, knowledge scopes it may read. */
export interface AgentGrant {
  tools: readonly string[];
  delegates: readonly string[];
  scopes: readonly string[];
}

/**
 * Agent name to grant. The table itself lives in `src/agents/roles.ts` (the one source of truth); the
 * policy layer takes it as an argument so it stays independent of any agent framework.
 */
export type RolesTable = Readonly<Record<string, AgentGrant>>;

/** The grant of `agent`, or undefined for an agent that is not in the table (which therefore gets nothing). */
export function grantOf(roles: RolesTable, agent: string): AgentGrant | undefined {
  return Object.hasOwn(roles, agent) ? roles[agent] : undefined;
}

/** Deny-by-default: true only when the table names `tool` for `agent`. */
export function isToolAllowed(roles: RolesTable, agent: string, tool: string): boolean {
  return grantOf(roles, agent)?.tools.includes(tool) ?? false;
}

/** First line of defence: hands an agent only the tools its grant names, so others never reach its model. */
export function toolsForAgent<T extends { name: string }>(roles: RolesTable, agent: string, tools: readonly T[]): T[] {
  return tools.filter((tool) => isToolAllowed(roles, agent, tool.name));
}
