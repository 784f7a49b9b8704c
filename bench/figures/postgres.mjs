// Figures 13-14: Waybill on PostgreSQL against Waybill on SQLite, in the same process and run.
// 13 — orchestration time per run (wall time of `ask`; issue 36: at most 1.8x), with the completions
// recorded in another process and replayed at zero latency as in figures 1-3, so neither side pays for
// planning or token counting and the ratio is the storage's; 14 — checkpoint
// bytes written per run (LangGraph's own tables: checkpoints and writes on SQLite; checkpoints, blobs and
// writes on PostgreSQL). Needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL; each build gets its own
// schema, dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openLangGraphRuntime } from '../../dist/runtimes/langgraph/index.js';
import { withPostgresSchema } from '../../dist/storage/index.js';
import { checkpointStats } from '../lib/checkpoint-stats.mjs';
import { recordedCompletions } from '../lib/record-completions.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { mean, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

async function postgresCheckpointBytes(client, threadId) {
  const row = (
    await client.query(
      `SELECT
         (SELECT coalesce(sum(octet_length(checkpoint::text) + octet_length(metadata::text)), 0) FROM checkpoints WHERE thread_id = $1)
       + (SELECT coalesce(sum(coalesce(octet_length(blob), 0)), 0) FROM checkpoint_blobs WHERE thread_id = $1)
       + (SELECT coalesce(sum(octet_length(blob)), 0) FROM checkpoint_writes WHERE thread_id = $1) AS bytes`,
      [threadId],
    )
  ).rows[0];
  return Number(row.bytes);
}

export async function run({ rounds = 5, warmUpRounds = 2 } = {}) {
  const baseUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
  if (!baseUrl) throw new Error('the postgres figure needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL (a PostgreSQL it may create a schema in)');
  const schema = `wb_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withPostgresSchema(baseUrl, schema);
  const tmp = tempDir();
  const model = new ReplayedModel({ completions: recordedCompletions() });
  const reader = new pg.Client({ connectionString: url });
  const problems = [];
  try {
    await reader.connect();
    const sqlite = await openLangGraphRuntime({ dbPath: tmp.newDb('sqlite'), model });
    const postgres = await openLangGraphRuntime({ dbPath: url, model });
    const builds = [
      { name: 'postgres', opened: postgres, bytes: (thread) => postgresCheckpointBytes(reader, thread) },
      { name: 'sqlite', opened: sqlite, bytes: async (thread) => checkpointStats(sqlite.checkpointer.db, thread).bytes },
    ];
    const samples = { postgres: [], sqlite: [] };
    try {
      for (let r = 0; r < warmUpRounds; r += 1) for (const [i, input] of FIXED_REQUESTS.entries()) for (const build of builds) await build.opened.ask({ input, threadId: `warm-${build.name}-r${r}-${i}` });
      for (let r = 0; r < rounds; r += 1) {
        for (const [i, input] of FIXED_REQUESTS.entries()) {
          const order = (r + i) % 2 === 0 ? builds : [...builds].reverse();
          for (const build of order) {
            const threadId = `${build.name}-r${r}-q${i}`;
            const cpu = process.cpuUsage();
            const started = performance.now();
            const record = await build.opened.ask({ input, threadId });
            const ms = performance.now() - started;
            const used = process.cpuUsage(cpu);
            if (record.status !== 'finished') problems.push(`${build.name} ${threadId} ended ${record.stop_reason}`);
            samples[build.name].push({ ms, cpuMs: (used.user + used.system) / 1000, bytes: await build.bytes(threadId), answer: record.answer });
          }
        }
      }
    } finally {
      await sqlite.close();
      await postgres.close();
    }
    const ms = (s) => s.map((x) => x.ms);
    const bytes = (s) => s.map((x) => x.bytes);
    const { postgres: p, sqlite: s } = samples;
    const sameAnswers = p.filter((x, i) => x.answer === s[i]?.answer).length;
    const figures = [
      {
        id: '13',
        name: 'Orchestration time per run on PostgreSQL (baseline: the same build on SQLite)',
        short: 'PostgreSQL ms/run',
        repetitions: `${p.length} runs per backend`,
        unit: 'ms',
        waybill: summarise(ms(p), 2),
        baseline: summarise(ms(s), 2),
        value: { waybill: summarise(ms(p), 2).median, baseline: summarise(ms(s), 2).median },
        ratio: summarise(ms(p), 4).median / summarise(ms(s), 4).median,
        target: { op: '<=', value: 1.8 },
        ratio_label: 'PostgreSQL ÷ SQLite',
      },
      {
        id: '14',
        name: 'Checkpoint bytes written per run on PostgreSQL (baseline: SQLite)',
        short: 'PostgreSQL checkpoint bytes/run',
        repetitions: `${p.length} runs per backend`,
        unit: 'bytes',
        waybill: summarise(bytes(p), 0),
        baseline: summarise(bytes(s), 0),
        value: { waybill: mean(bytes(p)), baseline: mean(bytes(s)) },
        ratio: mean(bytes(p)) / mean(bytes(s)),
        target: null,
        ratio_label: 'PostgreSQL ÷ SQLite',
      },
    ];
    const details = {
      postgres: 'PostgreSQL on this machine over loopback, one shared pool per process (WAYBILL_PG_POOL_SIZE, default 10), official @langchain/langgraph-checkpoint-postgres saver',
      requests: FIXED_REQUESTS.length,
      rounds,
      answers_identical_on_both_backends: `${sameAnswers} of ${p.length}`,
      model: 'recorded offline-planner completions replayed in this process (zero latency)',
      warm_up_rounds: warmUpRounds,
      median_ms: { postgres: round(summarise(ms(p), 4).median, 2), sqlite: round(summarise(ms(s), 4).median, 2) },
      // This process's CPU inside each run (the PostgreSQL server's own work is not in it).
      client_cpu_ms_per_run: { postgres: round(mean(p.map((x) => x.cpuMs)), 2), sqlite: round(mean(s.map((x) => x.cpuMs)), 2) },
      mean_checkpoint_bytes: { postgres: round(mean(bytes(p)), 0), sqlite: round(mean(bytes(s)), 0) },
      problems,
    };
    return { figures, details };
  } finally {
    await reader.end().catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
    tmp.remove();
  }
}
