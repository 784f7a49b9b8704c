import { Command } from 'commander';
import { cliIdentity, listingTenant } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

interface UsageOptions {
  tenant?: string;
  since?: string;
  until?: string;
  days?: string;
  json?: boolean;
}

/** `waybill usage`: the per-tenant usage report from the stores, per UTC day. */
export function usageCommand(): Command {
  return new Command('usage')
    .description('per-tenant usage per UTC day: runs, tokens, cost, approvals and stops by reason (the acting tenant; every tenant for platform_admin)')
    .option('--tenant <tenant>', 'one tenant (another than the acting one needs WAYBILL_ROLE=platform_admin)')
    .option('--since <day>', 'first day, YYYY-MM-DD (UTC)')
    .option('--until <day>', 'last day, YYYY-MM-DD (UTC; default today)')
    .option('--days <n>', 'the last N days ending --until (default 30, at most 366)')
    .option('--json', 'print the report as JSON ({since, until, tenant, days: [...], totals: [...]})')
    .action(async (options: UsageOptions) => {
      const { parseUsageWindow, tenantUsageReport } = await import('../telemetry/tenant-usage-report.js');
      const window = parseUsageWindow(options, new Date());
      if ('problem' in window) throw new UsageError(window.problem.replace(/^(since|until|days)\b/, '--$1'));
      const tenant = listingTenant(cliIdentity(), options.tenant, 'read usage');
      const { openRunStore } = await import('../telemetry/index.js');
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const runs = await openRunStore(databasePath());
      const domain = await openDomainStore({ path: resolveDbPath() });
      try {
        const report = await tenantUsageReport({ runs, approvals: domain.approvals }, { ...window, tenant });
        if (options.json) return console.log(JSON.stringify(report, null, 2));
        console.log(`usage ${report.since} to ${report.until}${report.tenant ? `, tenant ${report.tenant}` : ', every tenant'}`);
        if (report.days.length === 0) return console.log('no runs and no approval requests in this window');
        console.log('day         tenant            runs    tokens        usd  approvals (ok/edit/auto/rej/pend)  stops');
        for (const row of [...report.days, ...report.totals]) {
          const a = row.approvals;
          const stops = Object.entries(row.stops).map(([reason, n]) => `${reason}=${n}`).join(' ');
          console.log(`${row.day.padEnd(11)} ${row.tenant.padEnd(16)} ${String(row.runs).padStart(5)} ${String(row.tokens).padStart(9)} ${row.usd.toFixed(4).padStart(10)}  ${`${a.requested} (${a.approved}/${a.edited}/${a.auto}/${a.rejected}/${a.pending})`.padEnd(33)}  ${stops}`);
        }
      } finally {
        await Promise.all([runs.close(), domain.close()]);
      }
    });
}
