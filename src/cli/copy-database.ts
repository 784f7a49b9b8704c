import { existsSync } from 'node:fs';
import type { CheckpointTuple, PendingWrite } from '@langchain/langgraph-checkpoint';
import Database from 'better-sqlite3';
import pg from 'pg';
import { carryAuditKeys, StoreError } from '../domain/index.js';
import { carryCredentialKeys } from '../models/index.js';
import { databaseLocation, redactLocation } from '../storage/index.js';
import { openKnowledgeStore } from '../knowledge/open-knowledge-store.js';
import { openCheckpointer } from '../runtimes/langgraph/open-checkpointer.js';
import { openProtocolStore } from '../server/agent-protocol/open-protocol-store.js';
import { openApiKeyStore } from '../server/open-api-key-store.js';
import { openWebhookStore } from '../server/open-webhook-store.js';
import { migrateEveryStore } from './migrate-every-store.js';

/**
 * The tables `waybill db copy` moves, parents before children. Both backends have them column for
 * column (see postgres-domain-schema.ts); the identity columns keep their values.
 */
const TABLES: ReadonlyArray<{ name: string; identity?: string }> = [
  { name: 'shipments' },
  { name: 'shipment_events', identity: 'id' },
  { name: 'warehouses' },
  { name: 'products' },
  { name: 'stock' },
  { name: 'tariffs' },
  { name: 'distances' },
  { name: 'cancellations', identity: 'seq' },
  { name: 'approvals' },
  { name: 'grants' },
  { name: 'audit_chain' },
  { name: 'audit_chain_head' },
  { name: 'runs' },
  { name: 'audit_events', identity: 'id' },
  { name: 'decisions' },
  { name: 'thread_owners' },
  { name: 'run_intents' },
  { name: 'control_switches' },
  { name: 'control_tenant_limits' },
  { name: 'control_tenant_usage' },
  // Per-call charges and holds of tenants' days (a hold lapses at its expires_at, as on SQLite).
  { name: 'budget_tenant_day' },
  { name: 'budget_holds' },
  // Sealed as they are: they open on PostgreSQL with the same credential keys (carryCredentialKeys).
  { name: 'tenant_model_endpoints' },
  // Changes keep their order: PostgreSQL numbers `seq` as the rows arrive, in the source's rowid order.
  { name: 'rollout_stages' },
  { name: 'rollout_changes' },
  { name: 'rollout_outcomes' },
  { name: 'rollout_events', identity: 'id' },
];

/** Not copied; named in the command's output so nothing is lost silently. */
export const NOT_COPIED = ['OpenAI Agents pauses (decide them before copying)'] as const;

export interface CopyReport {
  rows: Record<string, number>;
  checkpoints: number;
  checkpointWrites: number;
  /** Where the audit keys of the source went (carryAuditKeys). */
  auditKeys: string;
  /** Where the credential keys of the source went (carryCredentialKeys). */
  credentialKeys: string;
}

const BATCH = 200;

/**
 * Copies an embedded installation (the SQLite file `from`) into an empty PostgreSQL database `to`:
 * domain (shipments, stock, tariffs, cancellations), approvals, grants and the audit hash chain as is
 * (it verifies the same), runs and their events, decision claims, switches, budgets and usage, tenants'
 * daily budget charges and holds, tenants' model endpoints (sealed, as they are), and
 * every LangGraph checkpoint with its pending writes, so a paused run can be approved on PostgreSQL;
 * then API keys (hashes), webhooks and one-time links, Agent Protocol threads with their checkpoints
 * and runs, and the knowledge base (documents, chunks, vectors, search audit), each through its store.
 * Both sides are migrated to this Waybill's schema first. The domain, run and control rows go in one
 * transaction; a target that already holds runs, approvals, chain entries, checkpoints, API keys or
 * protocol threads or tenant model endpoints is refused (StoreError `store_foreign`). The audit and
 * credential keys beside the SQLite file are added to the key files the PostgreSQL side reads (under
 * `env`: WAYBILL_AUDIT_KEY_FILE, WAYBILL_CREDENTIAL_KEY_FILE, else the default data directory).
 */
export async function copyDatabase(from: string, to: string, env: NodeJS.ProcessEnv = process.env): Promise<CopyReport> {
  const source = databaseLocation(from);
  const target = databaseLocation(to);
  if (source.kind !== 'sqlite' || source.path === ':memory:' || !existsSync(source.path)) {
    throw new StoreError('store_unavailable', from, `--from must name an existing SQLite file (sqlite:PATH); ${from} is not one`);
  }
  if (target.kind !== 'postgres') throw new StoreError('store_unavailable', to, `--to must be a postgres:// URL; ${to} is not one`);
  // Opening the stores migrates both sides to the same schema versions (and seeds the target's fixtures,
  // which are replaced below by the source's rows).
  for (const location of [source.path, target.url]) await migrateEveryStore(location);
  const checkpointsFrom = await openCheckpointer(source.path);
  const checkpointsTo = await openCheckpointer(target.url);
  const sqlite = new Database(source.path, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: target.url });
  const report: CopyReport = { rows: {}, checkpoints: 0, checkpointWrites: 0, auditKeys: '', credentialKeys: '' };
  try {
    await client.connect();
    await client.query('BEGIN');
    const used = (
      await client.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM runs) + (SELECT count(*) FROM approvals) + (SELECT count(*) FROM audit_chain) + (SELECT count(*) FROM checkpoints)
              + (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM ap_threads) + (SELECT count(*) FROM tenant_model_endpoints) AS n`,
      )
    ).rows[0]?.n;
    if (Number(used) > 0) {
      throw new StoreError('store_foreign', redactLocation(target.url), `${redactLocation(target.url)} already holds Waybill runs, approvals, checkpoints, API keys, protocol threads or tenant model endpoints; copy into an empty database or schema`);
    }
    await client.query(`TRUNCATE ${TABLES.map((t) => t.name).join(', ')}`);
    for (const table of TABLES) {
      const rows = sqlite.prepare(`SELECT * FROM ${table.name}`).all() as Array<Record<string, unknown>>;
      report.rows[table.name] = rows.length;
      for (let start = 0; start < rows.length; start += BATCH) await insertRows(client, table.name, rows.slice(start, start + BATCH));
      if (table.identity) {
        await client.query(`SELECT setval(pg_get_serial_sequence('${table.name}', '${table.identity}'), GREATEST((SELECT max(${table.identity}) FROM ${table.name}), 1))`);
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    sqlite.close();
    await client.end().catch(() => undefined);
  }
  try {
    // Oldest first, so each checkpoint's parent is already there; `put` with all channel versions as
    // new stores every channel's blob.
    const tuples: CheckpointTuple[] = [];
    for await (const tuple of checkpointsFrom.saver.list({})) tuples.push(tuple);
    for (const tuple of tuples.reverse()) {
      const configurable = tuple.config.configurable ?? {};
      const parent = { configurable: { thread_id: configurable.thread_id, checkpoint_ns: configurable.checkpoint_ns ?? '', ...(tuple.parentConfig?.configurable?.checkpoint_id && { checkpoint_id: tuple.parentConfig.configurable.checkpoint_id }) } };
      await checkpointsTo.saver.put(parent, tuple.checkpoint, tuple.metadata ?? { source: 'update', step: -1, parents: {} }, tuple.checkpoint.channel_versions);
      report.checkpoints += 1;
      const byTask = new Map<string, PendingWrite[]>();
      for (const [taskId, channel, value] of tuple.pendingWrites ?? []) byTask.set(taskId, [...(byTask.get(taskId) ?? []), [channel, value]]);
      for (const [taskId, writes] of byTask) {
        await checkpointsTo.saver.putWrites(tuple.config, writes, taskId);
        report.checkpointWrites += writes.length;
      }
    }
  } finally {
    await checkpointsFrom.close();
    await checkpointsTo.close();
  }
  await copyServerAndKnowledge(source.path, target.url, report.rows);
  report.auditKeys = carryAuditKeys(source.path, env);
  report.credentialKeys = carryCredentialKeys(source.path, target.url, env);
  return report;
}

/**
 * The stores outside the domain, run and control tables, each moved through its own interface (export
 * from SQLite, import into PostgreSQL): their rows are kept as they are, so a copied key or link works
 * with the same secret, and the knowledge base's vectors are the same bytes.
 */
async function copyServerAndKnowledge(from: string, to: string, rows: Record<string, number>): Promise<void> {
  await copyThrough(openApiKeyStore, from, to, async (a, b) => {
    const keys = await a.exportAll();
    await b.importAll(keys);
    rows.api_keys = keys.length;
  });
  await copyThrough(openWebhookStore, from, to, async (a, b) => {
    const webhooks = await a.exportAll();
    await b.importAll(webhooks);
    rows.webhook_targets = webhooks.targets.length;
    rows.webhook_links = webhooks.links.length;
  });
  await copyThrough(openProtocolStore, from, to, async (a, b) => {
    const protocol = await a.exportAll();
    await b.importAll(protocol);
    rows.ap_threads = protocol.threads.length;
    rows.ap_checkpoints = protocol.checkpoints.length;
    rows.ap_runs = protocol.runs.length;
  });
  await copyThrough(openKnowledgeStore, from, to, async (a, b) => {
    const knowledge = await a.exportAll();
    // The target's documents are at most the bundled corpus seeded by a first search: replaced.
    await b.replaceAll(knowledge);
    rows.knowledge_documents = knowledge.documents.length;
    rows.knowledge_chunks = knowledge.chunks.length;
    rows.knowledge_vectors = knowledge.vectors.length;
  });
}

async function copyThrough<S extends { close(): Promise<void> }>(open: (location: string) => Promise<S>, from: string, to: string, copy: (source: S, target: S) => Promise<void>): Promise<void> {
  const source = await open(from);
  try {
    const target = await open(to);
    try {
      await copy(source, target);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function insertRows(client: pg.Client, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const values: unknown[] = [];
  const tuples = rows.map((row) => `(${columns.map((column) => `$${values.push(row[column] ?? null)}`).join(', ')})`);
  await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
}
