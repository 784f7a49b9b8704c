import type { Caller, RefusedResult } from '../domain/index.js';
import { callerRoleAtLeast } from '../domain/index.js';
import { checkArgOrigins } from '../policy/index.js';
import type { ControlSnapshot } from '../policy/index.js';

const refused = (reason: string, problem: string): RefusedResult => ({ status: 'refused', reason, problems: [problem] });

/**
 * What the boundary checks before any tool runs, for every caller, at the moment of execution: the
 * caller's role, the kill switch, the tenant switch, the tool switch and read-only mode (global or the
 * caller's tenant, read fresh for this call). A refusal names the switch as a stop reason would.
 */
export function checkBoundary(caller: Caller, tool: { name: string; risk: 'read' | 'irreversible' }, controls: ControlSnapshot | undefined): RefusedResult | undefined {
  if (tool.risk === 'irreversible' && !callerRoleAtLeast(caller.role, 'operator')) {
    return refused('forbidden', `${tool.name}: the ${caller.role} role may only read; this needs operator or above`);
  }
  if (!controls) return undefined;
  if (controls.killed) return refused('operator_kill', `${tool.name}: refused: the kill switch is on; nothing was done`);
  if (controls.tenantDisabled) return refused('tenant_disabled', `${tool.name}: refused: tenant ${caller.tenant} is switched off; nothing was done`);
  if (controls.disabledTools.has(tool.name)) return refused(`policy_deny:${tool.name}`, `${tool.name}: refused: this tool is switched off by an operator; nothing was done`);
  if (controls.readOnly && tool.risk !== 'read') return refused(`policy_deny:${tool.name}`, `${tool.name}: refused: read-only mode is on; nothing was changed`);
  return undefined;
}

/**
 * The boundary's own check of an irreversible call's traced argument origins (sent by an in-process
 * runtime): a target or an amount that only third-party text supports is refused here too, so a
 * runtime that skipped its gate cannot file it for approval.
 */
export function checkOrigins(tool: { name: string; risk: 'read' | 'irreversible' }, origins: Readonly<Record<string, string>> | undefined): RefusedResult | undefined {
  if (tool.risk !== 'irreversible' || origins === undefined) return undefined;
  const verdict = checkArgOrigins(origins);
  return verdict.allowed ? undefined : refused(`policy_deny:${tool.name}`, `${tool.name}: refused: ${verdict.detail}`);
}
