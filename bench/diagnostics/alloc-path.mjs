// Where one build's allocations come from (issue 36: garbage collection is part of a run's CPU): warms
// the build up as figure 1 does, then samples every allocation (collected ones included) over `--rounds`
// rounds with V8's sampling heap profiler and prints bytes per run by allocating function, most first.
//   npm run build && node bench/lib/record-completions.mjs /tmp/completions.json
//   node bench/diagnostics/alloc-path.mjs --build=waybill|plain_exit --completions=/tmp/completions.json [--rounds=5] [--top=40] [--by=self|stack]
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const build = arg('build', 'waybill');
const rounds = Number(arg('rounds', 5));
const top = Number(arg('top', 40));
const by = arg('by', 'self');
const completions = new Map(Object.entries(JSON.parse(readFileSync(arg('completions', '/tmp/completions.json'), 'utf8'))));
const model = new ReplayedModel({ completions });
const tmp = tempDir();
const opened = await (build === 'waybill' ? openWaybill : openPlain)({ dbPath: tmp.newDb(build), model, ...(build === 'plain_exit' && { durability: 'exit' }) });
let thread = 0;
const round = async () => {
  for (const input of FIXED_REQUESTS) await opened.ask(input, `t${(thread += 1)}`);
};
// Waybill's own code as `waybill:dist/...`, a dependency's as its path under node_modules.
const where = (frame) => `${frame.functionName || '(anonymous)'} ${frame.url.includes('node_modules/') ? frame.url.replace(/.*node_modules\//, '') : frame.url.replace(/.*\/dist\//, 'waybill:dist/')}:${frame.lineNumber + 1}`;
try {
  for (let r = 0; r < 20; r += 1) await round();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let r = 0; r < rounds; r += 1) await round();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const runs = rounds * FIXED_REQUESTS.length;
  const totals = new Map();
  let all = 0;
  const visit = (node, stack) => {
    const here = [...stack, where(node.callFrame)];
    const bytes = node.selfSize;
    all += bytes;
    // --by=stack: charge a node's bytes to the nearest Waybill frame on its stack (what Waybill code caused).
    const key = by === 'stack' ? ([...here].reverse().find((f) => f.includes(' waybill:')) ?? here.at(-1)) : here.at(-1);
    if (bytes > 0) totals.set(key, (totals.get(key) ?? 0) + bytes);
    for (const child of node.children) visit(child, here);
  };
  visit(profile.head, []);
  console.log(`${build}: ${(all / runs / 1024).toFixed(1)} KB allocated per run (sampled)`);
  for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(bytes / runs / 1024).toFixed(2)} KB\t${name}`);
} finally {
  await opened.close();
  tmp.remove();
}
