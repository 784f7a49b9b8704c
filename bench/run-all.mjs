// Waybill's benchmarks (issues 11 and 36): every figure as a ratio against a baseline measured in the
// same process and run, with its target and whether it is met. Each figure group runs in its own Node
// process (with --expose-gc), one after another; the machine's load average is recorded at the start
// and the end.
//   npm run build && node bench/run-all.mjs [--only=orchestration,guards]
// Prints the table and writes bench/results/latest.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from './lib/machine.mjs';
import { notesFor } from './lib/notes.mjs';
import { isMet, renderTable } from './lib/table.mjs';

// The postgres and queue groups need a server: they run when WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL is set.
const HAS_PG = Boolean(process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL);
const PG_GROUPS = ['postgres', 'queue'];
const GROUPS = ['orchestration', 'mcp-latency', 'concurrency', 'paused-memory', 'guards', 'proof-loop', 'startup', ...(HAS_PG ? PG_GROUPS : [])];
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

if (!existsSync(here('../dist/runtimes/langgraph/index.js'))) {
  console.error('bench: dist/ is missing; run `npm run build` first (npm run bench does).');
  process.exit(2);
}
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const groups = only ? GROUPS.filter((g) => only.includes(g)) : GROUPS;
const unknown = only?.filter((g) => !GROUPS.includes(g)) ?? [];
if (unknown.length > 0) {
  const why = unknown.some((g) => PG_GROUPS.includes(g)) && !HAS_PG ? ' (postgres and queue need WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL)' : '';
  console.error(`bench: no group ${unknown.join(', ')}${why}; the groups: ${GROUPS.join(', ')}`);
  process.exit(2);
}

const loadNow = () => os.loadavg().map((x) => Number(x.toFixed(2)));

function runGroup(name) {
  const out = join(tmpdir(), `waybill-bench-${process.pid}-${name}.json`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', here('./lib/figure-child.mjs'), name, out], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => {
      let result;
      try {
        result = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        result = { error: `the ${name} process exited with code ${code} and wrote no result` };
      }
      rmSync(out, { force: true });
      resolve(result);
    });
  });
}

const startedAt = new Date();
const started = performance.now();
const info = machine();
const figures = [];
const details = {};
const failures = [];
for (const name of groups) {
  console.error(`bench: ${name} ...`);
  const loadBefore = loadNow();
  const result = await runGroup(name);
  if (result.error) {
    failures.push({ group: name, error: result.error });
    console.error(`bench: ${name} failed:\n${result.error}`);
    continue;
  }
  console.error(`bench: ${name} done in ${result.seconds} s`);
  details[name] = { ...result.details, seconds: result.seconds, load_average_around: { at_start: loadBefore, at_end: loadNow() } };
  for (const figure of result.figures) figures.push({ ...figure, group: name, met: isMet(figure) });
}
figures.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
const wallSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

const report = {
  bench: 'waybill',
  issues: [11, 36],
  started_at: startedAt.toISOString(),
  wall_seconds: wallSeconds,
  machine: { ...info, load_average_at_end: loadNow() },
  baseline:
    'Plain LangGraph.js supervisor, agents-as-tools (a createAgent supervisor whose tools invoke three worker createAgents), no middleware or guards, ' +
    'same model, each worker offered the same MCP tools as its Waybill namesake (roles table) over an in-process session, same SqliteSaver on a fresh file, ' +
    'invoked at durability "exit" as Waybill runs (equal durability, the headline) and at LangGraph\'s default (async). The prebuilt-supervisor variant ' +
    '(@langchain/langgraph-supervisor) was not measured: the package is not a dependency of this project.',
  figures,
  details,
  notes: notesFor(figures, details),
  ...(failures.length > 0 && { failures }),
};
mkdirSync(here('./results/'), { recursive: true });
writeFileSync(here('./results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log(`Waybill benchmarks — ${info.os}, ${info.cpus} × ${info.cpu_model}, Node ${info.node}; ${wallSeconds} s; load average ${info.load_average_at_start.join(' ')} at the start, ${report.machine.load_average_at_end.join(' ')} at the end`);
console.log(renderTable(figures));
if (report.notes.length > 0) console.log(`\nWhere Waybill misses (or narrowly meets) a target:\n${report.notes.map((note) => `- ${note}`).join('\n')}`);
console.log('\nThe prebuilt-supervisor baseline (@langchain/langgraph-supervisor) was not measured: it is not a dependency.');
console.log('Written: bench/results/latest.json');
process.exitCode = failures.length > 0 ? 1 : 0;
