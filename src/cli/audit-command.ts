import { cliIdentity, listingTenant } from './cli-identity.js';
import { Command } from 'commander';

/**
 * `waybill audit verify`: recomputes the boundary's hash chain (every MCP tool call, every approval
 * request, decision, grant and its use) and names the first entry that was altered or removed.
 */
export function auditCommand(): Command {
  const audit = new Command('audit').description("the MCP boundary's tamper-evident audit trail");
  audit
    .command('verify')
    .description('recompute the hash chain; exit 0 when intact, 1 naming the first altered or removed entry')
    .option('--json', 'print {ok, entries, head} or {ok, entries, seq, problem, detail} as JSON')
    .action(async (options: { json?: boolean }) => {
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const store = await openDomainStore({ path: resolveDbPath() });
      try {
        const verdict = await store.audit.verify();
        if (options.json) console.log(JSON.stringify(verdict, null, 2));
        else if (verdict.ok) console.log(`audit chain intact: ${verdict.entries} entries, head ${verdict.head.slice(0, 16)}…`);
        else console.log(`audit chain broken at entry #${verdict.seq} (${verdict.problem}): ${verdict.detail}; ${verdict.entries} entries before it verify`);
        process.exitCode = verdict.ok ? 0 : 1;
      } finally {
        await store.close();
      }
    });
  audit
    .command('list')
    .description('print the newest chain entries')
    .option('--tenant <tenant>', 'one tenant only')
    .option('--subject <subject>', 'one approval id or tool')
    .option('--limit <n>', 'how many (default 50)', '50')
    .option('--json', 'print JSON')
    .action(async (options: { tenant?: string; subject?: string; limit: string; json?: boolean }) => {
      const tenant = listingTenant(cliIdentity(), options.tenant, 'list audit entries');
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const store = await openDomainStore({ path: resolveDbPath() });
      try {
        const limit = Math.max(1, Math.min(10_000, Number.parseInt(options.limit, 10) || 50));
        const entries = await store.audit.list({ limit, ...(tenant !== undefined && { tenant }), ...(options.subject && { subject: options.subject }) });
        if (options.json) console.log(JSON.stringify(entries, null, 2));
        else for (const e of entries) console.log(`#${e.seq} ${e.at} [${e.tenant}] ${e.type} ${e.subject} ${JSON.stringify(e.body)}`);
      } finally {
        await store.close();
      }
    });
  return audit;
}
