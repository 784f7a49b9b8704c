import { Command } from 'commander';
import { DOMAIN_TOOL_NAMES } from '../domain/domain-tool-names.js';
import type { ControlSwitch } from '../policy/index.js';
import { GLOBAL_SCOPE } from '../policy/control/control-store.js';
import { cliIdentity, requireCliAccess } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

const TOOLS: readonly string[] = DOMAIN_TOOL_NAMES;
const who = () => { const { tenant, role } = cliIdentity(); return `${process.env.USER ?? 'operator'} (cli ${role} of ${tenant})`; };

async function scopeOf(tenant: string | undefined): Promise<string> {
  if (tenant === undefined) return GLOBAL_SCOPE;
  const { checkTenantId } = await import('../server/api-key-store.js');
  const problem = checkTenantId(tenant);
  if (problem) throw new UsageError(`--tenant: ${problem}`);
  return tenant;
}

async function flip(target: ControlSwitch, on: boolean, reason: string | undefined): Promise<void> {
  // Loaded on demand: SQLite and the policy layer are not needed for --help.
  const { openControlStore } = await import('../policy/index.js');
  const controls = await openControlStore(databasePath());
  try {
    await controls.setSwitch(target, on, { by: who(), ...(reason && { reason }) });
  } finally {
    await controls.close();
  }
}

/** `waybill kill on|off`: the kill switch, global or per tenant, read by every run before each step. */
export function killCommand(): Command {
  return new Command('kill')
    .description('turn the kill switch on or off: running runs stop at their next step with operator_kill')
    .argument('<state>', 'on or off')
    .option('--tenant <tenant>', 'only this tenant (default: every tenant, which needs WAYBILL_ROLE=platform_admin)')
    .option('--reason <text>', 'why (kept with the switch)')
    .action(async (state: string, options: { tenant?: string; reason?: string }) => {
      if (state !== 'on' && state !== 'off') throw new UsageError(`kill takes "on" or "off", got ${JSON.stringify(state)}`);
      const scope = await scopeOf(options.tenant);
      requireCliAccess(cliIdentity(), 'flip the kill switch', scope === GLOBAL_SCOPE ? undefined : scope, 'admin');
      await flip({ kind: 'kill', scope }, state === 'on', options.reason);
      const whom = scope === GLOBAL_SCOPE ? 'every tenant' : `tenant ${scope}`;
      console.log(state === 'on' ? `kill switch ON for ${whom}: running runs stop at their next step with operator_kill` : `kill switch off for ${whom}`);
    });
}

/** `waybill tool disable|enable <tool>`: switch one domain tool off or on without a deploy. */
export function toolCommand(): Command {
  return new Command('tool')
    .description('disable or enable a domain tool: a run that tries a disabled tool stops with policy_deny:<tool>')
    .argument('<action>', 'disable or enable')
    .argument('<tool>', `one of ${TOOLS.join(', ')}`)
    .option('--tenant <tenant>', 'only for this tenant (default: every tenant, which needs WAYBILL_ROLE=platform_admin)')
    .option('--reason <text>', 'why (kept with the switch)')
    .action(async (action: string, tool: string, options: { tenant?: string; reason?: string }) => {
      if (action !== 'disable' && action !== 'enable') throw new UsageError(`tool takes "disable" or "enable", got ${JSON.stringify(action)}`);
      if (!TOOLS.includes(tool)) throw new UsageError(`unknown tool ${JSON.stringify(tool)}; tools: ${TOOLS.join(', ')}`);
      const scope = await scopeOf(options.tenant);
      requireCliAccess(cliIdentity(), `switch ${tool}`, scope === GLOBAL_SCOPE ? undefined : scope, 'admin');
      await flip({ kind: 'tool_disabled', scope, tool }, action === 'disable', options.reason);
      console.log(`${tool} ${action === 'disable' ? 'disabled' : 'enabled'} for ${scope === GLOBAL_SCOPE ? 'every tenant' : `tenant ${scope}`}`);
    });
}
