// What a run leaves on the V8 heap: heap snapshots before and after N runs (after GC), objects counted
// by constructor, largest growth first. Not part of run-all (snapshots are slow); run after a build:
//   node --expose-gc bench/diagnostics/heap-diff.mjs [waybill|plain] [paused|finished] [runs]
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { join } from 'node:path';
import { OfflinePlannerChatModel } from '../../dist/models/index.js';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { FIXED_REQUESTS, PAUSE_REQUEST } from '../lib/requests.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const [buildName = 'waybill', kind = 'finished', runsArg = '1000'] = process.argv.slice(2);
const runs = Number(runsArg);
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
if (buildName === 'plain' && kind === 'paused') throw new Error('the plain build has no approval step: it cannot pause');

const tmp = tempDir();
const model = new OfflinePlannerChatModel({});
const build = buildName === 'plain' ? await openPlain({ dbPath: tmp.newDb(), model }) : await openWaybill({ dbPath: tmp.newDb(), model });
const request = (i) => (kind === 'paused' ? PAUSE_REQUEST : FIXED_REQUESTS[i % FIXED_REQUESTS.length]);

// Yield between collections: WeakRef targets stay alive until the current job ends, so a GC inside one
// long chain of microtasks would count them as retained.
async function countObjects(label) {
  for (let i = 0; i < 3; i += 1) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const file = v8.writeHeapSnapshot(join(tmp.dir, `${label}.heapsnapshot`));
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const types = snapshot.snapshot.meta.node_types[0];
  const counts = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const key = type === 'object' || type === 'closure' ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]]}`.slice(0, 80) : `(${type})`;
    const entry = counts.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += snapshot.nodes[i + sizeAt];
    counts.set(key, entry);
  }
  return counts;
}

try {
  for (let i = 0; i < 300; i += 1) await build.ask(request(i), `warm-${i}`);
  const before = await countObjects('before');
  for (let i = 0; i < runs; i += 1) await build.ask(request(i), `run-${i}`);
  const after = await countObjects('after');
  const growth = [...after].map(([key, a]) => {
    const b = before.get(key) ?? { count: 0, bytes: 0 };
    return { key, per_run: Number(((a.count - b.count) / runs).toFixed(2)), bytes_per_run: Math.round((a.bytes - b.bytes) / runs) };
  });
  growth.sort((x, y) => y.bytes_per_run - x.bytes_per_run);
  const total = growth.reduce((sum, g) => sum + g.bytes_per_run, 0);
  console.log(`${buildName}, ${runs} ${kind} runs: heap-snapshot growth ${total} bytes per run`);
  console.table(growth.filter((g) => g.bytes_per_run !== 0).slice(0, 20));
} finally {
  await build.close();
  tmp.remove();
}
