import type { Caller, RefusedResult } from '../domain/index.js';
import { callerRoleAtLeast } from '../domain/index.js';
import type { RolloutStore } from './rollout-store.js';
import { STAGE_RULES } from './rollout-stage.js';

/** What the MCP boundary asks before a direct client's call runs (`WaybillMcpServerOptions.stageCheck`). */
export type McpStageCheck = (caller: Caller, tool: { name: string; risk: 'read' | 'irreversible' }) => Promise<RefusedResult | undefined>;

/**
 * A tenant's rollout stage for clients that call the MCP server directly (`waybill mcp`, stdio or HTTP),
 * read fresh for every call as the switches are: the runtimes check the stage when a run starts and when
 * its irreversible call would run, and a direct client must not be the way round it. In `internal` only
 * the tenant's staff (an admin key, a local operator configured as admin) call tools at all; in
 * `read_only` a cancellation is refused before it is filed for approval or run on a grant held earlier.
 */
export function mcpStageCheck(store: RolloutStore): McpStageCheck {
  return async (caller, tool) => {
    const stage = await store.stage(caller.tenant);
    const rules = STAGE_RULES[stage];
    if (rules.runners === 'internal' && !callerRoleAtLeast(caller.role, 'admin')) {
      return { status: 'refused', reason: 'stage_refused', problems: [`${tool.name}: refused: tenant ${caller.tenant} is in rollout stage internal, where only its own staff (an admin key, the local operator as admin) may call tools; nothing was done`] };
    }
    if (rules.readOnly && tool.risk !== 'read') {
      return { status: 'refused', reason: `policy_deny:${tool.name}`, problems: [`${tool.name}: refused: tenant ${caller.tenant} is in rollout stage read_only, which allows read tools only; nothing was changed`] };
    }
    return undefined;
  };
}
