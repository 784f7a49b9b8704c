import { Command } from 'commander';
import type { CallerRole } from '../domain/caller.js';
import type { RolloutActions, RolloutStage } from '../rollout/index.js';
import { cliIdentity, cliUser, requireCliAccess } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

interface TenantOption {
  tenant?: string;
  json?: boolean;
}

const STAGES = 'internal, read_only, canary or general';

/** Opens the rollout actions on the configured database as the acting identity, for one subcommand. */
async function withRollouts<T>(options: TenantOption, action: string, fn: (actions: RolloutActions, tenant: string, by: string) => Promise<T>): Promise<T> {
  const identity = cliIdentity();
  const tenant = options.tenant ?? identity.tenant;
  requireCliAccess(identity, action, tenant, 'admin' satisfies CallerRole);
  const { openRolloutStore, RolloutActions, defaultVersionCatalog } = await import('../rollout/index.js');
  const store = await openRolloutStore(databasePath());
  try {
    const actions = new RolloutActions(store, defaultVersionCatalog(), { key: 'base', runtimeName: 'langgraph', options: {} });
    return await fn(actions, tenant, `${cliUser()} (cli, ${identity.role} of ${identity.tenant})`);
  } finally {
    await store.close();
  }
}

const print = (value: unknown, json: boolean | undefined, text: string) => console.log(json ? JSON.stringify(value, null, 2) : text);

function parsePercent(value: string, flag = '--percent'): number {
  const percent = Number(value);
  if (value.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) throw new UsageError(`${flag} must be a number from 0 to 100, got ${JSON.stringify(value)}`);
  return percent;
}

/** `waybill rollout`: a tenant's stage and the change it has under canary (docs/rollout.md). */
export function rolloutCommand(): Command {
  const tenantFlag = ['--tenant <tenant>', 'the tenant (default: WAYBILL_TENANT; another one needs WAYBILL_ROLE=platform_admin)'] as const;
  const command = new Command('rollout').description("a tenant's rollout stage and its change under canary, rolled back automatically when it does worse (docs/rollout.md); needs the tenant's admin role");

  command
    .command('status')
    .description('the stage, the change in effect with each arm\'s runs and bad outcomes, the recent changes and the audited history')
    .option(...tenantFlag)
    .option('--json', 'print {tenant, stage, current, changes, events} as JSON')
    .action(async (options: TenantOption) =>
      withRollouts(options, 'read rollouts', async (actions, tenant) => {
        const status = await actions.status(tenant);
        const events = await actions.events(tenant);
        if (options.json) return print({ ...status, events }, true, '');
        console.log(`tenant ${tenant}: stage ${status.stage}`);
        const current = status.current;
        if (!current) console.log('no change in effect');
        else {
          const { stable, candidate } = current.tally;
          console.log(`change ${current.id} (${current.kind}) ${current.state}: stable ${current.stableVersion}, candidate ${current.candidateVersion} at ${current.percent}%`);
          console.log(`  stable ${stable.bad}/${stable.runs} bad, candidate ${candidate.bad}/${candidate.runs} bad; rolled back when candidate exceeds stable by ${current.rule.margin} after ${current.rule.minCandidateRuns} candidate runs`);
        }
        for (const event of events.slice(-10)) console.log(`${event.at} ${event.type} by ${event.by} ${JSON.stringify(event.detail)}`);
      }),
    );

  command
    .command('stage')
    .description(`set the tenant's stage: ${STAGES}`)
    .argument('<stage>', STAGES)
    .option(...tenantFlag)
    .option('--reason <text>', 'why, kept in the audited history')
    .option('--json', 'print {from, to} as JSON')
    .action(async (stage: string, options: TenantOption & { reason?: string }) => {
      const { isRolloutStage } = await import('../rollout/index.js');
      if (!isRolloutStage(stage)) throw new UsageError(`the stage must be ${STAGES}, got ${JSON.stringify(stage)}`);
      await withRollouts(options, 'change the rollout stage', async (actions, tenant, by) => {
        const moved = await actions.setStage(tenant, stage satisfies RolloutStage, by, options.reason);
        print(moved, options.json, moved.from === moved.to ? `tenant ${tenant} is already in stage ${stage}` : `tenant ${tenant}: stage ${moved.from} -> ${moved.to}`);
      });
    });

  command
    .command('start')
    .description('start a change under canary: the candidate version for --percent of the users (a stable hash of tenant and user picks them)')
    .requiredOption('--kind <kind>', 'model, prompt, policy or runtime')
    .requiredOption('--candidate <version>', 'the version to try (docs/rollout.md "Versions")')
    .option('--stable <version>', 'the version the others keep (default: the last promoted one, else base)')
    .requiredOption('--percent <n>', 'share of users on the candidate, 0 to 100')
    .option('--min-runs <n>', 'candidate runs before the rates are compared (default 10)')
    .option('--margin <rate>', 'how far the candidate\'s bad rate may exceed stable\'s, 0 to below 1 (default 0.15)')
    .option(...tenantFlag)
    .option('--json', 'print the change as JSON')
    .action(async (options: TenantOption & { kind: string; candidate: string; stable?: string; percent: string; minRuns?: string; margin?: string }) => {
      const { CHANGE_KINDS } = await import('../rollout/index.js');
      const kind = CHANGE_KINDS.find((known) => known === options.kind);
      if (!kind) throw new UsageError(`--kind must be ${CHANGE_KINDS.join(', ')}, got ${JSON.stringify(options.kind)}`);
      const percent = parsePercent(options.percent);
      const minRuns = options.minRuns === undefined ? undefined : Number(options.minRuns);
      if (minRuns !== undefined && !(Number.isInteger(minRuns) && minRuns >= 1)) throw new UsageError(`--min-runs must be a whole number of at least 1, got ${JSON.stringify(options.minRuns)}`);
      const margin = options.margin === undefined ? undefined : Number(options.margin);
      if (margin !== undefined && !(margin >= 0 && margin < 1)) throw new UsageError(`--margin must be from 0 to below 1, got ${JSON.stringify(options.margin)}`);
      await withRollouts(options, 'start a rollout', async (actions, tenant, by) => {
        const rule = { ...(minRuns !== undefined && { minCandidateRuns: minRuns }), ...(margin !== undefined && { margin }) };
        const change = await actions.start(tenant, { kind, candidate: options.candidate, percent, rule, ...(options.stable && { stable: options.stable }) }, by);
        print(change, options.json, `started ${change.id}: ${change.kind} ${change.stableVersion} -> ${change.candidateVersion} for ${change.percent}% of tenant ${tenant}'s users`);
      });
    });

  command
    .command('percent')
    .description('set the canary percentage of the change in canary')
    .argument('<n>', '0 to 100')
    .option(...tenantFlag)
    .option('--json', 'print the change as JSON')
    .action(async (value: string, options: TenantOption) => {
      const percent = parsePercent(value, 'the percentage');
      await withRollouts(options, 'change a rollout', async (actions, tenant, by) => {
        const change = await actions.setPercent(tenant, percent, by);
        print(change, options.json, `${change.id}: candidate ${change.candidateVersion} at ${change.percent}%`);
      });
    });

  command
    .command('promote')
    .description("make the change's candidate every user's version (the stage must allow promotion)")
    .option(...tenantFlag)
    .option('--json', 'print the change as JSON')
    .action(async (options: TenantOption) =>
      withRollouts(options, 'promote a rollout', async (actions, tenant, by) => {
        const change = await actions.promote(tenant, by);
        print(change, options.json, `promoted ${change.id}: every user of tenant ${tenant} now runs ${change.candidateVersion}`);
      }),
    );

  command
    .command('rollback')
    .description('end the change in canary: every user back on the stable version')
    .option(...tenantFlag)
    .option('--reason <text>', 'why, kept in the audited history')
    .option('--json', 'print the change as JSON')
    .action(async (options: TenantOption & { reason?: string }) =>
      withRollouts(options, 'roll back a rollout', async (actions, tenant, by) => {
        const change = await actions.rollback(tenant, by, options.reason);
        print(change, options.json, `rolled back ${change.id}: every user of tenant ${tenant} runs ${change.stableVersion}`);
      }),
    );

  return command;
}
