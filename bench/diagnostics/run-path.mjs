// What one in-process run costs the storage layer (issue 36), counted rather than timed: SQLite write
// transactions, control-store reads that reach SQLite, and checkpoint bytes against the plain
// supervisor at the same durability (`exit`). Counting wraps better-sqlite3 in this process only.
//   npm run build && node bench/diagnostics/run-path.mjs [--rounds=5] [--dump]
// --follow-up counts later turns of the same threads (checkpoint bytes are then not measured).
// --dump prints the size of each channel of one Waybill checkpoint (what its state holds).
import Database from 'better-sqlite3';
import { OfflinePlannerChatModel } from '../../dist/models/index.js';
import { SqliteControlStore } from '../../dist/policy/control/sqlite-control-store.js';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { SqliteDomainStore } from '../../dist/domain/index.js';
import { framedJsonText } from '../../dist/runtimes/langgraph/compressed-serde.js';
import { connectInMemory } from '../../dist/mcp/index.js';
import { openWaybill } from '../lib/builds.mjs';
import { buildPlainSupervisor } from '../lib/plain-supervisor.mjs';
import { checkpointStats } from '../lib/checkpoint-stats.mjs';
import { recordedCompletions } from '../lib/record-completions.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 5);
const dump = process.argv.includes('--dump');
// --follow-up: every round asks again on the threads of round 0 (later turns of a conversation). The
// replayed completions only cover first turns, so the offline planner answers, in this process.
const followUp = process.argv.includes('--follow-up');

// Write transactions: outermost db.transaction() calls that wrote, plus writes outside any transaction
// (each its own implicit transaction), plus BEGIN run through exec().
const counts = { writeTransactions: 0, readTransactions: 0, autocommitWrites: 0, execBegins: 0, revision: 0, snapshot: 0 };
// With --dump: which SQL each write (or a transaction's first write) was, so each can be traced to its store.
const writes = new Map();
const tally = (what) => dump && writes.set(what.replace(/\s+/g, ' ').slice(0, 110), (writes.get(what.replace(/\s+/g, ' ').slice(0, 110)) ?? 0) + 1);
const depth = new WeakMap();
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;
const wrote = new WeakMap();
const probe = new Database(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = Statement[method];
  Statement[method] = function counted(...args) {
    // better-sqlite3 runs a transaction's own BEGIN / COMMIT as statements: those are not writes of their own.
    if (!this.readonly && !TRANSACTION_CONTROL.test(this.source)) {
      if (this.database.inTransaction) {
        if (!wrote.get(this.database)) wrote.set(this.database, this.source);
      } else {
        counts.autocommitWrites += 1;
        tally(`autocommit: ${this.source}`);
      }
    }
    return original.apply(this, args);
  };
}
const originalTransaction = Database.prototype.transaction;
Database.prototype.transaction = function transaction(fn) {
  return originalTransaction.call(this, (...args) => {
    const outer = (depth.get(this) ?? 0) === 0;
    if (outer) wrote.set(this, false);
    depth.set(this, (depth.get(this) ?? 0) + 1);
    try {
      return fn(...args);
    } finally {
      depth.set(this, depth.get(this) - 1);
      if (outer) counts[wrote.get(this) ? 'writeTransactions' : 'readTransactions'] += 1;
      if (outer && wrote.get(this)) tally(`transaction from: ${wrote.get(this)}`);
    }
  });
};
const originalExec = Database.prototype.exec;
Database.prototype.exec = function exec(sql) {
  if (/^\s*BEGIN/i.test(sql)) counts.execBegins += 1;
  return originalExec.call(this, sql);
};
for (const method of ['revision', 'snapshot']) {
  const original = SqliteControlStore.prototype[method];
  SqliteControlStore.prototype[method] = function counted(...args) {
    counts[method] += 1;
    return original.apply(this, args);
  };
}

const completions = followUp ? undefined : recordedCompletions();
const tmp = tempDir();
const result = {};
try {
  for (const [name, open] of [
    ['waybill', openWaybill],
    ['plain_exit', openPlainAtExit],
  ]) {
    const model = followUp ? new OfflinePlannerChatModel({}) : new ReplayedModel({ completions });
    const build = await open({ dbPath: tmp.newDb(name), model });
    const invoke = build.ask;
    try {
      for (const [i, input] of FIXED_REQUESTS.entries()) await invoke(input, followUp ? `q${i}` : `warm-${i}`);
      for (const key of Object.keys(counts)) counts[key] = 0;
      writes.clear();
      let bytes = 0;
      let rows = 0;
      const runs = rounds * FIXED_REQUESTS.length;
      for (let r = 0; r < rounds; r += 1) {
        for (const [i, input] of FIXED_REQUESTS.entries()) {
          const threadId = followUp ? `q${i}` : `r${r}-q${i}`;
          await invoke(input, threadId);
          const stats = followUp ? { bytes: 0, rows: 0 } : checkpointStats(build.db, threadId);
          bytes += stats.bytes;
          rows += stats.rows;
        }
      }
      result[name] = {
        runs,
        checkpoint_bytes_per_run: Math.round(bytes / runs),
        checkpoint_rows_per_run: rows / runs,
        ...Object.fromEntries(Object.entries(counts).map(([key, n]) => [`${key}_per_run`, Number((n / runs).toFixed(2))])),
      };
      if (dump) {
        result[name].channels = channelSizes(build.db, 'r0-q16');
        result[name].writes_per_run = Object.fromEntries([...writes].map(([sql, n]) => [sql, Number((n / runs).toFixed(2))]));
      }
    } finally {
      await build.close();
    }
  }
} finally {
  tmp.remove();
}
if (!followUp) result.checkpoint_bytes_ratio = Number((result.waybill.checkpoint_bytes_per_run / result.plain_exit.checkpoint_bytes_per_run).toFixed(3));
console.log(JSON.stringify(result, null, 2));

// Bytes of each channel value in the thread's last checkpoint (SqliteSaver keeps them inline, JSON;
// Waybill's deflated: `total` is what is stored, `json` the JSON it inflates to).
function channelSizes(db, threadId) {
  const row = db.prepare('SELECT checkpoint, metadata FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id DESC LIMIT 1').get(threadId);
  if (!row) return undefined;
  const json = framedJsonText(row.checkpoint);
  const checkpoint = JSON.parse(json);
  const sizes = Object.fromEntries(Object.entries(checkpoint.channel_values ?? {}).map(([k, v]) => [k, JSON.stringify(v).length]));
  return { total: row.checkpoint.length, json: Buffer.byteLength(json), metadata: row.metadata?.length ?? 0, channel_values: sizes, other: Object.fromEntries(Object.entries(checkpoint).filter(([k]) => k !== 'channel_values').map(([k, v]) => [k, JSON.stringify(v).length])) };
}

/** The plain supervisor (bench/lib/builds.mjs's openPlain) invoked at Waybill's durability, `exit`. */
async function openPlainAtExit({ dbPath, model }) {
  const domain = SqliteDomainStore.open(dbPath);
  const mcp = await connectInMemory({ store: domain });
  const checkpointer = SqliteSaver.fromConnString(dbPath);
  const plain = buildPlainSupervisor({ model, mcpClient: mcp.client, checkpointer });
  return {
    db: checkpointer.db,
    ask: (input, threadId) => plain.supervisor.invoke({ messages: [{ role: 'user', content: input }] }, { configurable: { thread_id: threadId }, durability: 'exit' }),
    close: async () => {
      await mcp.close();
      checkpointer.db.close();
      await domain.close();
    },
  };
}
