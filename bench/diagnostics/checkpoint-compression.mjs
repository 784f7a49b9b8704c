// What compressing Waybill's checkpoints costs and saves (issue 36), the same runtime twice in one
// process: as shipped (compressed-serde.ts deflates the checkpoint) and with its saver's serializer
// put back to LangGraph's default, rounds alternating. Reports checkpoint bytes per run and the
// process's CPU per run over each build's rounds (both in one process, so garbage collection is
// shared: a cross-check), then the serializer's own CPU per run: every value the runs gave `dumpsTyped`
// is kept and both serializers write (and read back) those values again in a tight loop, since timing
// the calls in place would count whatever the event loop ran in between.
//   npm run build && node --expose-gc bench/diagnostics/checkpoint-compression.mjs [--rounds=10]
import { loadavg } from 'node:os';
import { MemorySaver } from '@langchain/langgraph';
import { openWaybill } from '../lib/builds.mjs';
import { checkpointStats } from '../lib/checkpoint-stats.mjs';
import { recordedCompletions } from '../lib/record-completions.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 10);
const WARM_UP_ROUNDS = 5;
const REPEAT = 50;
const load = () => loadavg().map((x) => Number(x.toFixed(2)));

// Keeps what each run hands the serializer (one round's worth), for the tight loop below.
function capturing(serde, kept) {
  return {
    dumpsTyped: (value) => {
      kept.push(value);
      return serde.dumpsTyped(value);
    },
    loadsTyped: (type, data) => serde.loadsTyped(type, data),
  };
}

// CPU ms per run to write every kept value and read it back, `REPEAT` times over.
async function serializerMsPerRun(serde, values, runs) {
  const written = [];
  for (const value of values) written.push(await serde.dumpsTyped(value));
  for (const [type, bytes] of written) await serde.loadsTyped(type, bytes);
  const before = process.cpuUsage();
  for (let i = 0; i < REPEAT; i += 1) for (const value of values) await serde.dumpsTyped(value);
  const dumped = process.cpuUsage(before);
  const between = process.cpuUsage();
  for (let i = 0; i < REPEAT; i += 1) for (const [type, bytes] of written) await serde.loadsTyped(type, bytes);
  const loaded = process.cpuUsage(between);
  const ms = (used) => (used.user + used.system) / 1000 / REPEAT / runs;
  return { write_ms_per_run: Number(ms(dumped).toFixed(3)), read_ms_per_run: Number(ms(loaded).toFixed(3)) };
}

const completions = recordedCompletions();
const tmp = tempDir();
const builds = [];
try {
  for (const name of ['compressed', 'langgraph_default']) {
    const build = await openWaybill({ dbPath: tmp.newDb(name), model: new ReplayedModel({ completions }) });
    const saver = build.opened.checkpointer;
    const serde = name === 'compressed' ? saver.serde : new MemorySaver().serde;
    const kept = [];
    saver.serde = capturing(serde, kept);
    builds.push({ name, build, serde, kept, cpuMs: 0, bytes: 0, runs: 0 });
  }
  const loads = { start: load() };
  for (let r = 0; r < WARM_UP_ROUNDS + rounds; r += 1) {
    const measured = r >= WARM_UP_ROUNDS;
    for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
      globalThis.gc?.();
      b.kept.length = 0;
      const cpuBefore = process.cpuUsage();
      for (const [i, input] of FIXED_REQUESTS.entries()) {
        const threadId = `r${r}-q${i}`;
        await b.build.ask(input, threadId);
        if (measured) b.bytes += checkpointStats(b.build.db, threadId).bytes;
      }
      const cpu = process.cpuUsage(cpuBefore);
      if (!measured) continue;
      b.cpuMs += (cpu.user + cpu.system) / 1000;
      b.runs += FIXED_REQUESTS.length;
    }
  }
  // The same values (the compressed build's last round) through both serializers, each twice, interleaved.
  const values = builds[0].kept;
  const serializer = { compressed: [], langgraph_default: [] };
  for (let i = 0; i < 2; i += 1) for (const b of builds) serializer[b.name].push(await serializerMsPerRun(b.serde, values, FIXED_REQUESTS.length));
  loads.end = load();
  const best = (list, key) => Math.min(...list.map((x) => x[key]));
  const per = (b) => ({
    runs: b.runs,
    checkpoint_bytes_per_run: Math.round(b.bytes / b.runs),
    process_cpu_ms_per_run: Number((b.cpuMs / b.runs).toFixed(2)),
    serializer_write_ms_per_run: best(serializer[b.name], 'write_ms_per_run'),
    serializer_read_ms_per_run: best(serializer[b.name], 'read_ms_per_run'),
  });
  const [on, off] = builds.map(per);
  console.log(JSON.stringify({
    load_average: loads,
    values_per_run: values.length / FIXED_REQUESTS.length,
    compressed: on,
    langgraph_default: off,
    bytes_ratio: Number((on.checkpoint_bytes_per_run / off.checkpoint_bytes_per_run).toFixed(3)),
    write_ms_added_per_run: Number((on.serializer_write_ms_per_run - off.serializer_write_ms_per_run).toFixed(3)),
    read_ms_added_per_run: Number((on.serializer_read_ms_per_run - off.serializer_read_ms_per_run).toFixed(3)),
    process_cpu_ratio: Number((on.process_cpu_ms_per_run / off.process_cpu_ms_per_run).toFixed(3)),
  }, null, 2));
} finally {
  for (const b of builds) await b.build.close();
  tmp.remove();
}
