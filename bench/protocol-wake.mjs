// Issue 35's wake-up figure (not a test, not part of run-all): how long after one connection stores a
// run's event a follower on another connection (as another `serve` process would be) yields it, on
// PostgreSQL, polling the store every 150 ms alone versus woken by LISTEN/NOTIFY (polling kept as the
// fallback). Writes bench/results/protocol-wake.json.
//
//   npm run build && WAYBILL_TEST_PG_URL=postgres://… node bench/protocol-wake.mjs [--samples=60]
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { withPostgresSchema } from '../dist/storage/index.js';
import { LiveRuns, openProtocolStore } from '../dist/server/agent-protocol/index.js';
import { followRunEvents } from '../dist/server/agent-protocol/follow-run-events.js';
import { machine } from './lib/machine.mjs';
import { round, summarise } from './lib/stats.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SAMPLES = Number(arg('samples', '60'));
const baseUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
if (!baseUrl) throw new Error('protocol-wake needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL (a PostgreSQL it may create schemas in)');

/** Milliseconds from each stored event to the follower yielding it, for one run followed one way. */
async function measure(writer, reader, listen, runId) {
  const live = new LiveRuns();
  const stop = listen ? await reader.listen((id) => live.wake(id), () => undefined) : undefined;
  const storedAt = new Map();
  const delays = [];
  const gone = new AbortController();
  const following = (async () => {
    for await (const event of followRunEvents(reader, live, runId, 0, gone.signal)) {
      const at = storedAt.get(event.seq);
      if (at !== undefined) delays.push(performance.now() - at);
    }
  })();
  for (let seq = 1; seq <= SAMPLES; seq += 1) {
    // A random pause, so an event lands anywhere in the poll period.
    await sleep(20 + Math.random() * 150);
    // The run has no other events, so this one is number `seq`; noted before the write, which a notified follower can beat.
    storedAt.set(seq, performance.now());
    await writer.appendEvents(runId, [{ event: 'custom', data: { seq } }]);
  }
  await writer.finishRun(runId, 'success', null);
  await following;
  gone.abort();
  await stop?.();
  return delays;
}

const schema = `wb_bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = withPostgresSchema(baseUrl, schema);
const writer = await openProtocolStore(url);
const reader = await openProtocolStore(url);
const load = [];
const results = {};
try {
  await writer.createThread({ threadId: 'bench', tenant: 'bench', metadata: {} });
  for (const [mode, listen] of [['poll', false], ['listen', true], ['poll-again', false], ['listen-again', true]]) {
    const runId = `run-${mode}`;
    await writer.createRun({ runId, threadId: 'bench', assistantId: 'langgraph', metadata: {}, status: 'running', streamModes: ['custom'] });
    load.push(loadavg()[0]);
    results[mode] = summarise(await measure(writer, reader, listen, runId));
  }
} finally {
  await writer.close();
  await reader.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
const ratio = round(((results.poll.median + results['poll-again'].median) / (results.listen.median + results['listen-again'].median)), 1);
const report = { samples: SAMPLES, poll_ms: 150, delay_ms: results, poll_over_listen_median: ratio, loadavg_1m: load.map((l) => round(l, 2)), machine: machine() };
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/protocol-wake.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
