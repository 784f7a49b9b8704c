// On-CPU time per component from a `perf` recording of cpu-path.mjs (issue 36). V8's own profiler
// (bench/lib/cpu-profile.mjs) stamps each sample with the wall time since the last one, so on a loaded
// machine a build's profile carries time it spent descheduled, in whatever frame it stopped: its
// "LangGraph 10.4 vs 5.6 ms" in figure 1c was that. perf's cpu-clock samples count running time only.
//   mkfifo /tmp/ctl
//   perf record -k 1 -e cpu-clock -F 4000 -g -D -1 --control=fifo:/tmp/ctl -o w.perf -- \
//     node --perf-prof --perf-prof-unwinding-info --interpreted-frames-native-stack \
//     bench/diagnostics/cpu-path.mjs --build=waybill --completions=... --rounds=20 --perf-ctl=/tmp/ctl
//   perf inject --jit -i w.perf -o w.jit.perf && perf script -i w.jit.perf -F tid,ip,sym > w.stacks
//   node bench/diagnostics/perf-components.mjs w.stacks --runs=400 [--hz=4000] [--top=40] [--callers=<frame text>]
// (--perf-prof's jitdump, not --perf-basic-prof's map: the map names a code address by the first
// function ever compiled there, and V8 reuses addresses.) Each sample is charged to its nearest
// JavaScript frame's package or Waybill file (native code, SQLite included, to the JS that called it);
// the main thread's SQLite, garbage collection and compilation are also given on their own.
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
if (!file) throw new Error('usage: perf-components.mjs <perf script output> --runs=N [--hz=4000] [--top=40] [--callers=<frame text>]');
const runs = Number(option('runs', 1));
const hz = Number(option('hz', 4000));
const top = Number(option('top', 40));
const callers = option('callers', undefined);
const msPerRun = (samples) => Number(((samples / hz) * 1000 / runs).toFixed(3));

// `perf script -F tid,ip,sym`: a line with the thread id, then one indented line per frame, leaf first.
const samples = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  // The header line (thread id) may be indented by spaces in some perf versions; frames start with a tab.
  if (!line.startsWith('\t')) samples.push({ tid: Number(line.trim().split(/\s+/)[0]), frames: [] });
  else samples.at(-1)?.frames.push(line.trim().split(/\s+/).slice(1).join(' '));
}
const byThread = new Map();
for (const s of samples) byThread.set(s.tid, (byThread.get(s.tid) ?? 0) + 1);
const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];

const isJs = (frame) => frame.startsWith('JS:');
function component(frame) {
  const dependency = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(frame);
  if (dependency) return dependency[1];
  const own = /\/(dist|bench)\/([^:]+)/.exec(frame);
  // Waybill by area (policy/injection, runtimes/core, telemetry/sqlite-run-store.js).
  if (own) return `${own[1]}/${own[2].split('/').slice(0, 2).join('/')}`;
  const builtin = /(node:[^:\s]+)/.exec(frame);
  return builtin ? builtin[1] : 'other JS';
}
const GC = /Scavenge|MarkCompact|Heap::CollectGarbage|Heap::PerformGarbageCollection|ConcurrentMarking|Sweeper/;
const COMPILE = /compiler::|Compile|Turbofan|Maglev/;

const totals = new Map();
const kinds = { sqlite: 0, gc: 0, compile: 0 };
const chains = new Map();
let mainSamples = 0;
for (const { tid, frames } of samples) {
  if (tid !== main) continue;
  mainSamples += 1;
  const js = frames.find(isJs);
  const key = js ? component(js) : 'native (no JS frame: event loop, GC, compiler)';
  totals.set(key, (totals.get(key) ?? 0) + 1);
  if (frames.some((f) => f.startsWith('sqlite3'))) kinds.sqlite += 1;
  else if (frames.some((f) => GC.test(f))) kinds.gc += 1;
  else if (frames.some((f) => COMPILE.test(f))) kinds.compile += 1;
  if (callers) {
    const at = frames.findIndex((f) => isJs(f) && f.includes(callers));
    if (at >= 0) {
      const chain = frames.slice(at).filter(isJs).slice(0, 5).map((f) => f.replace(/file:\/\/\S*\/(node_modules|dist|bench)\//, '')).join(' <- ');
      chains.set(chain, (chains.get(chain) ?? 0) + 1);
    }
  }
}
const ranked = (map) => Object.fromEntries([...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, n]) => [k, msPerRun(n)]));
console.log(
  JSON.stringify(
    {
      runs,
      ms_per_run: { all_threads: msPerRun(samples.length), main_thread: msPerRun(mainSamples), other_threads: msPerRun(samples.length - mainSamples) },
      main_thread_native: { sqlite: msPerRun(kinds.sqlite), garbage_collection: msPerRun(kinds.gc), compilation: msPerRun(kinds.compile) },
      main_thread_by_component: ranked(totals),
      ...(callers && { callers: ranked(chains) }),
    },
    null,
    2,
  ),
);
