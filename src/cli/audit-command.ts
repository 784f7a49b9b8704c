import { readFileSync } from 'node:fs';
import { cliIdentity, listingTenant } from './cli-identity.js';
import { Command } from 'commander';
import type { AuditAnchor, ChainVerdict } from '../domain/index.js';
import { auditAnchorCommand } from './audit-anchor-command.js';
import { auditKeyCommands } from './audit-key-commands.js';
import { openStore } from './open-audit-store.js';
import { reconcileStoredRuns, type StoredRunsVerdict } from './reconcile-stored-runs.js';
import { UsageError } from './usage-error.js';

/**
 * `waybill audit verify`: recomputes the boundary's keyed chain (every MCP tool call, every approval
 * request, decision, grant and its use, every rollout action), checks it against anchors exported earlier, and compares the
 * approvals, grants and cancellations tables with it; names everything that disagrees.
 */
export function auditCommand(): Command {
  const audit = new Command('audit').description("the MCP boundary's tamper-evident audit trail (keyed with a key kept outside the database)");
  audit
    .command('verify')
    .description('recompute the keyed chain, cross-check the approvals, grants and cancellations tables with it and the run records with them; exit 0 when everything agrees, 1 naming every finding')
    .option('--anchor <file>', 'also check against the anchors in this file (what `waybill audit anchor --file` appends): finds a cut tail and a rewritten chain')
    .option('--json', 'print the chain verdict ({ok, entries, head, keys, unkeyed, anchors} or {ok: false, …, findings}) with runs: {checked, disagreeing} as JSON')
    .action(async (options: { anchor?: string; json?: boolean }) => {
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const anchors = options.anchor === undefined ? [] : await readAnchors(options.anchor);
      const store = await openStore(() => openDomainStore({ path: resolveDbPath() }));
      try {
        const verdict = await store.audit.verify({ anchors });
        const runs = await reconcileStoredRuns(store, resolveDbPath());
        if (options.json) console.log(JSON.stringify({ ...verdict, runs }, null, 2));
        else console.log(`${describeVerdict(verdict)}\n${describeRuns(runs)}`);
        process.exitCode = verdict.ok && runs.disagreeing.length === 0 ? 0 : 1;
      } finally {
        await store.close();
      }
    });
  audit
    .command('list')
    .description('print the newest chain entries')
    .option('--tenant <tenant>', 'one tenant only')
    .option('--subject <subject>', 'one approval id, tool, rollout change id, or `stage` (rollout stage changes)')
    .option('--limit <n>', 'how many (default 50)', '50')
    .option('--json', 'print JSON')
    .action(async (options: { tenant?: string; subject?: string; limit: string; json?: boolean }) => {
      const tenant = listingTenant(cliIdentity(), options.tenant, 'list audit entries');
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const store = await openStore(() => openDomainStore({ path: resolveDbPath() }));
      try {
        const limit = Math.max(1, Math.min(10_000, Number.parseInt(options.limit, 10) || 50));
        const entries = await store.audit.list({ limit, ...(tenant !== undefined && { tenant }), ...(options.subject && { subject: options.subject }) });
        if (options.json) console.log(JSON.stringify(entries, null, 2));
        else for (const e of entries) console.log(`#${e.seq} ${e.at} [${e.tenant}] ${e.type} ${e.subject} ${JSON.stringify(e.body)}`);
      } finally {
        await store.close();
      }
    });
  audit.addCommand(auditAnchorCommand());
  for (const command of auditKeyCommands()) audit.addCommand(command);
  return audit;
}

async function readAnchors(path: string): Promise<AuditAnchor[]> {
  const { AnchorFileError, parseAnchors } = await import('../domain/index.js');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--anchor: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return parseAnchors(text, path);
  } catch (error) {
    if (error instanceof AnchorFileError) throw new UsageError(`--anchor: ${error.message}`);
    throw error;
  }
}

function describeRuns(runs: StoredRunsVerdict): string {
  if (runs.disagreeing.length === 0) return `run records: ${runs.checked} with an approval or a cancellation, each agrees with the approvals, grants and cancellations`;
  const lines = [`run records NOT in agreement with the domain: ${runs.disagreeing.length} of ${runs.checked}`];
  for (const run of runs.disagreeing) lines.push(`  ${run.run_id} (tenant ${run.tenant}, thread ${run.thread_id}): ${run.disagreements.join('; ')}`);
  return lines.join('\n');
}

function describeVerdict(verdict: ChainVerdict): string {
  if (!verdict.ok) {
    const lines = [`audit trail NOT intact: ${verdict.findings.length} finding${verdict.findings.length === 1 ? '' : 's'} (${verdict.entries} entries verify before the first)`];
    for (const f of verdict.findings) lines.push(`  ${f.seq > 0 ? `#${f.seq}` : 'state'} ${f.problem}: ${f.detail}`);
    return lines.join('\n');
  }
  const lines = [
    `audit chain intact: ${verdict.entries} entries, head ${verdict.head.slice(0, 16)}…, signed with ${verdict.keys.length > 0 ? verdict.keys.join(', ') : 'no key yet'}; approvals, grants and cancellations agree with it`,
  ];
  lines.push(verdict.anchors > 0 ? `  ${verdict.anchors} anchor${verdict.anchors === 1 ? '' : 's'} checked: no entry removed or rewritten below them` : '  no anchor given: a cut tail with a rewritten head cannot be seen without one (waybill audit anchor)');
  if (verdict.unkeyed > 0) lines.push(`  the first ${verdict.unkeyed} entries are unkeyed (written before keys), sealed by the keyed entry after them`);
  if (verdict.before_chain) lines.push(`  cancellations older than the chain (no approval, no entry): ${verdict.before_chain.join(', ')}`);
  return lines.join('\n');
}
