import { resolve } from 'node:path';
import { Command } from 'commander';
import { isPostgresUrl } from '../storage/database-location.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

/** `sqlite:PATH` (or a bare path) as an absolute file path. */
function sqliteSource(text: string): string {
  const path = text.startsWith('sqlite:') ? text.slice('sqlite:'.length) : text;
  if (!path.trim() || /^postgres(ql)?:\/\//i.test(path)) throw new UsageError(`--from must be sqlite:PATH (an existing Waybill SQLite file), got ${JSON.stringify(text)}`);
  return resolve(path.trim());
}

/** `waybill db migrate` and `waybill db copy`: schema upgrades and the move from SQLite to PostgreSQL. */
export function dbCommand(): Command {
  const db = new Command('db').description('database maintenance: migrate the schema, copy an embedded SQLite installation to PostgreSQL');
  db.command('migrate')
    .description('bring every store of the database (WAYBILL_DB or --db: a SQLite file or a postgres:// URL) to this version\'s schema; refuses a newer one')
    .option('--db <location>', 'a SQLite file or postgres:// URL (default: WAYBILL_DB, see `waybill --help`)')
    .action(async (options: { db?: string }) => {
      const location = databasePath(options.db);
      const { migrateEveryStore } = await import('./migrate-every-store.js');
      const { openCheckpointer } = await import('../runtimes/langgraph/open-checkpointer.js');
      const names = await migrateEveryStore(location);
      await (await openCheckpointer(location)).close();
      console.log(`migrated ${names.join(', ')} and LangGraph checkpoints (${isPostgresUrl(location) ? 'postgres' : 'sqlite'})`);
    });
  db.command('copy')
    .description('copy an embedded installation into an empty PostgreSQL database: domain, approvals, grants, audit chain, runs, switches, budgets with their per-call daily charges, tenant model endpoints (sealed; the credential keys are carried), checkpoints, API keys, webhooks and links, Agent Protocol threads, knowledge base')
    .requiredOption('--from <sqlite:PATH>', 'the Waybill SQLite file to copy from')
    .requiredOption('--to <postgres://...>', 'the PostgreSQL database (or schema, via ?options=-c%20search_path%3Dname) to copy into')
    .action(async (options: { from: string; to: string }) => {
      const from = sqliteSource(options.from);
      if (!/^postgres(ql)?:\/\//i.test(options.to.trim())) throw new UsageError(`--to must be a postgres:// URL, got ${JSON.stringify(options.to)}`);
      const { copyDatabase, NOT_COPIED } = await import('./copy-database.js');
      const report = await copyDatabase(from, options.to.trim());
      const rows = Object.entries(report.rows).map(([table, n]) => `${table} ${n}`).join(', ');
      console.log(`copied ${rows}; ${report.checkpoints} checkpoints with ${report.checkpointWrites} pending writes`);
      console.log(report.auditKeys);
      console.log(report.credentialKeys);
      console.log(`not copied: ${NOT_COPIED.join('; ')}`);
    });
  return db;
}
