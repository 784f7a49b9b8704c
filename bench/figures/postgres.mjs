// Figures 13-14: Waybill on PostgreSQL against Waybill on SQLite, in the same process and run, one
// run at a time, with the completions recorded in another process and replayed at zero latency as in
// figures 1-3, so neither side pays for planning or token counting and the ratio is the storage's.
// 13 — median wall time per run on PostgreSQL as shipped (every commit waits for the server's WAL
// flush, synchronous_commit=on) against SQLite as shipped (WAL at synchronous=NORMAL: a commit is not
// flushed, so the last ones may be lost on a power cut, never on a crash of the process); 13b — the
// same at equal durability: PostgreSQL at synchronous_commit=off (the last commits may be lost if the
// server or the machine stops, the database stays consistent), set for the measured sessions only;
// 13c — CPU per run, this process and the PostgreSQL server's backends of those sessions together,
// against SQLite's process CPU (issue 36: on this machine a flushed commit waits 3-7 ms, and that
// wait, not CPU, is most of the wall time's difference). 14 — checkpoint bytes written per run
// (LangGraph's own tables: checkpoints and writes on SQLite; checkpoints, blobs and writes on
// PostgreSQL). Needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL; each build gets its own schema,
// dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openLangGraphRuntime } from '../../dist/runtimes/langgraph/index.js';
import { checkpointStats } from '../lib/checkpoint-stats.mjs';
import { countPgQueries, serverCpu } from '../lib/pg-run-costs.mjs';
import { recordedCompletions } from '../lib/record-completions.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { mean, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

/** `baseUrl` with every session in `schema`, named `appName` (to find its backends), with `settings` (`-c` options). */
function sessionUrl(baseUrl, schema, appName, settings = []) {
  const url = new URL(baseUrl);
  url.searchParams.set('options', [`-c search_path=${schema}`, ...settings.map((s) => `-c ${s}`)].join(' '));
  url.searchParams.set('application_name', appName);
  return url.toString();
}

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
  const tag = randomBytes(5).toString('hex');
  const pgBuilds = [
    { name: 'postgres', schema: `wb_bench_${tag}`, settings: [] },
    { name: 'postgres_async', schema: `wb_bench_${tag}_async`, settings: ['synchronous_commit=off'] },
  ].map((b) => ({ ...b, appName: `wb_bench_${b.name}_${tag}`, url: sessionUrl(baseUrl, b.schema, `wb_bench_${b.name}_${tag}`, b.settings) }));
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (const b of pgBuilds) await admin.query(`CREATE SCHEMA ${b.schema}`);
  const tmp = tempDir();
  const model = new ReplayedModel({ completions: recordedCompletions() });
  const readers = pgBuilds.map((b) => new pg.Client({ connectionString: sessionUrl(baseUrl, b.schema, `wb_bench_reader_${tag}`) }));
  const counter = countPgQueries();
  const problems = [];
  try {
    for (const reader of readers) await reader.connect();
    const sqlite = await openLangGraphRuntime({ dbPath: tmp.newDb('sqlite'), model });
    const opened = [];
    let samples;
    try {
      for (const b of pgBuilds) opened.push(await openLangGraphRuntime({ dbPath: b.url, model }));
      const builds = [
        ...pgBuilds.map((b, i) => ({ name: b.name, opened: opened[i], bytes: (thread) => postgresCheckpointBytes(readers[i], thread), server: serverCpu(admin, b.appName) })),
        { name: 'sqlite', opened: sqlite, bytes: async (thread) => checkpointStats(sqlite.checkpointer.db, thread).bytes, server: null },
      ];
      samples = Object.fromEntries(builds.map((b) => [b.name, []]));
      for (let r = 0; r < warmUpRounds; r += 1) for (const [i, input] of FIXED_REQUESTS.entries()) for (const build of builds) await build.opened.ask({ input, threadId: `warm-${build.name}-r${r}-${i}` });
      for (let r = 0; r < rounds; r += 1) {
        for (const [i, input] of FIXED_REQUESTS.entries()) {
          // Each build goes first, second and last in turn.
          const shift = (r + i) % builds.length;
          for (const build of [...builds.slice(shift), ...builds.slice(0, shift)]) {
            const threadId = `${build.name}-r${r}-q${i}`;
            const serverBefore = await build.server?.read();
            const counted = counter.snapshot();
            const cpu = process.cpuUsage();
            const started = performance.now();
            const record = await build.opened.ask({ input, threadId });
            const ms = performance.now() - started;
            const used = process.cpuUsage(cpu);
            const after = counter.snapshot();
            const serverMs = build.server ? build.server.between(serverBefore, await build.server.read()) : 0;
            if (record.status !== 'finished') problems.push(`${build.name} ${threadId} ended ${record.stop_reason}`);
            samples[build.name].push({
              ms,
              cpuMs: (used.user + used.system) / 1000,
              serverMs,
              roundTrips: after.roundTrips - counted.roundTrips,
              writeCommits: after.writeCommits - counted.writeCommits,
              bytes: await build.bytes(threadId),
              answer: record.answer,
            });
          }
        }
      }
    } finally {
      await sqlite.close();
      for (const o of opened) await o.close();
    }
    return summariseFigures(samples, { rounds, warmUpRounds, problems });
  } finally {
    counter.restore();
    for (const reader of readers) await reader.end().catch(() => undefined);
    for (const b of pgBuilds) await admin.query(`DROP SCHEMA IF EXISTS ${b.schema} CASCADE`).catch(() => undefined);
    await admin.end();
    tmp.remove();
  }
}

function summariseFigures(samples, { rounds, warmUpRounds, problems }) {
  const { postgres: p, postgres_async: a, sqlite: s } = samples;
  const ms = (x) => x.map((y) => y.ms);
  const bytes = (x) => x.map((y) => y.bytes);
  const median = (x) => summarise(ms(x), 4).median;
  const perRun = (x, key) => (x.some((y) => y[key] === null) ? null : round(mean(x.map((y) => y[key])), 2));
  const totalCpu = (x) => x.map((y) => y.cpuMs + (y.serverMs ?? 0));
  const serverKnown = p.every((y) => y.serverMs !== null);
  const sameAnswers = p.filter((x, i) => x.answer === s[i]?.answer && a[i]?.answer === x.answer).length;
  const wallFigure = (id, x, name, short) => ({
    id,
    name,
    short,
    repetitions: `${x.length} runs per backend, one at a time`,
    unit: 'ms',
    waybill: summarise(ms(x), 2),
    baseline: summarise(ms(s), 2),
    value: { waybill: summarise(ms(x), 2).median, baseline: summarise(ms(s), 2).median },
    ratio: median(x) / median(s),
    target: { op: '<=', value: 1.8 },
    ratio_label: 'PostgreSQL ÷ SQLite',
  });
  const figures = [
    wallFigure('13', p, 'Median wall time per run on PostgreSQL as shipped, every commit flushed (baseline: the same build on SQLite, WAL at synchronous=NORMAL)', 'PostgreSQL ms/run (commits flushed)'),
    wallFigure('13b', a, 'Median wall time per run on PostgreSQL at equal durability, synchronous_commit=off (baseline: SQLite, WAL at synchronous=NORMAL)', 'PostgreSQL ms/run (equal durability)'),
    ...(serverKnown
      ? [{
          id: '13c',
          name: 'CPU per run on PostgreSQL as shipped: this process and the server on its connections (baseline: this process on SQLite)',
          short: 'PostgreSQL CPU/run incl. server',
          repetitions: `${p.length} runs per backend`,
          unit: 'ms',
          waybill: summarise(totalCpu(p), 2),
          baseline: summarise(s.map((y) => y.cpuMs), 2),
          value: { waybill: mean(totalCpu(p)), baseline: mean(s.map((y) => y.cpuMs)) },
          ratio: mean(totalCpu(p)) / mean(s.map((y) => y.cpuMs)),
          target: null,
          ratio_label: 'PostgreSQL ÷ SQLite',
        }]
      : []),
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
    postgres: 'PostgreSQL on this machine over loopback, one shared pool per process and URL (WAYBILL_PG_POOL_SIZE, default 10), official @langchain/langgraph-checkpoint-postgres saver',
    measured: 'one run at a time in this one process, the three builds in rotating order; wall time includes the server\'s work and its WAL flushes, client CPU does not',
    requests: FIXED_REQUESTS.length,
    rounds,
    answers_identical_on_all_backends: `${sameAnswers} of ${p.length}`,
    model: 'recorded offline-planner completions replayed in this process (zero latency)',
    warm_up_rounds: warmUpRounds,
    median_ms: { postgres: round(median(p), 2), postgres_synchronous_commit_off: round(median(a), 2), sqlite: round(median(s), 2) },
    client_cpu_ms_per_run: { postgres: perRun(p, 'cpuMs'), postgres_synchronous_commit_off: perRun(a, 'cpuMs'), sqlite: perRun(s, 'cpuMs') },
    // The server's CPU on the measured sessions' backends (null when their /proc entries are not readable).
    server_cpu_ms_per_run: { postgres: perRun(p, 'serverMs'), postgres_synchronous_commit_off: perRun(a, 'serverMs') },
    round_trips_per_run: { postgres: perRun(p, 'roundTrips'), postgres_synchronous_commit_off: perRun(a, 'roundTrips') },
    // COMMITs and writing statements outside a transaction: each waits for a WAL flush at synchronous_commit=on.
    write_commits_per_run: { postgres: perRun(p, 'writeCommits'), postgres_synchronous_commit_off: perRun(a, 'writeCommits') },
    mean_checkpoint_bytes: { postgres: round(mean(bytes(p)), 0), sqlite: round(mean(bytes(s)), 0) },
    problems,
  };
  return { figures, details };
}
