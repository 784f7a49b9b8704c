// Where one build's CPU per run goes, in a process of its own (issue 36, figure 1c): warms the build
// up as figure 1 does (20 rounds of the fixed requests), then measures the process's CPU per run over
// `--rounds` rounds. Read it only against the other build measured the same way at the same load.
//   npm run build && node bench/lib/record-completions.mjs /tmp/completions.json
//   node bench/diagnostics/cpu-path.mjs --build=waybill|plain_exit|plain --completions=/tmp/completions.json [--warm=20] [--rounds=20]
// --perf-ctl=<fifo>: enables `perf record -D -1 --control=fifo:<fifo>` for the measured rounds only
//   (on-CPU samples; perf-components.mjs reads them).
// --profile=<file>: a V8 CPU profile of --profile-rounds (10) more rounds (its samples carry wall time).
// --calls=<file>: calls per run of every function over one more round (V8 precise coverage), most first:
//   work repeated on the same data shows as counts.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const build = arg('build', 'waybill');
const warmRounds = Number(arg('warm', 20));
const rounds = Number(arg('rounds', 20));
const profileOut = arg('profile', undefined);
const profileRounds = Number(arg('profile-rounds', 10));
const perfCtl = arg('perf-ctl', undefined);
const perf = (command) => perfCtl && writeFileSync(perfCtl, `${command}\n`);
if (!['waybill', 'plain_exit', 'plain'].includes(build)) throw new Error(`--build must be waybill, plain_exit or plain, not ${build}`);

const completions = new Map(Object.entries(JSON.parse(readFileSync(arg('completions', '/tmp/completions.json'), 'utf8'))));
const model = new ReplayedModel({ completions });
const tmp = tempDir();
const open = build === 'waybill' ? openWaybill : openPlain;
const opened = await open({ dbPath: tmp.newDb(build), model, ...(build === 'plain_exit' && { durability: 'exit' }) });
let thread = 0;
const round = async () => {
  for (const input of FIXED_REQUESTS) await opened.ask(input, `t${(thread += 1)}`);
};
try {
  for (let r = 0; r < warmRounds; r += 1) await round();
  perf('enable');
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let r = 0; r < rounds; r += 1) await round();
  const used = process.cpuUsage(cpu);
  perf('disable');
  const runs = rounds * FIXED_REQUESTS.length;
  const result = { build, runs, cpu_ms_per_run: Number(((used.user + used.system) / 1000 / runs).toFixed(3)), wall_ms_per_run: Number(((performance.now() - t0) / runs).toFixed(3)) };
  if (profileOut) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let r = 0; r < profileRounds; r += 1) await round();
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    writeFileSync(profileOut, JSON.stringify(profile));
    result.profile = { file: profileOut, runs: profileRounds * FIXED_REQUESTS.length };
  }
  const callsOut = arg('calls', undefined);
  if (callsOut) {
    // Calls per run of every function (V8 precise coverage, one more round): repeated work shows as counts.
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await session.post('Profiler.takePreciseCoverage');
    await round();
    const { result: scripts } = await session.post('Profiler.takePreciseCoverage');
    await session.post('Profiler.stopPreciseCoverage');
    session.disconnect();
    const calls = [];
    for (const script of scripts) for (const fn of script.functions) if (fn.ranges[0].count > 0) calls.push([fn.ranges[0].count / FIXED_REQUESTS.length, `${fn.functionName || '(anonymous)'} ${script.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${fn.ranges[0].startOffset}`]);
    calls.sort((x, y) => y[0] - x[0]);
    writeFileSync(callsOut, calls.map(([n, name]) => `${n.toFixed(2)}\t${name}`).join('\n'));
  }
  console.log(JSON.stringify(result));
} finally {
  await opened.close();
  tmp.remove();
}
