// CLI start-up as a user pays it (issue 21): whole-process wall time of `node dist/cli/main.js --version`,
// `--help` and one offline `ask`, against `node -e 0` measured in the same run, interleaved so that a
// noisy neighbour hits every command alike. Targets: --version under 0.5 s and at most 4x the CPU of
// `node -e 0` (issue 36: the CPU ratio holds on a loaded machine, where wall time does not), offline ask
// under 1.2 s on an idle machine (issue 36; it was 1.5 s in issue 21).
// Run after `npm run build`: node bench/cli-startup.mjs [runs]  → prints a table and writes
// bench/results/cli-startup.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from './lib/machine.mjs';
import { summarise } from './lib/stats.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const CLI = here('../dist/cli/main.js');
if (!existsSync(CLI)) {
  console.error('bench: dist/ is missing; run `npm run build` first.');
  process.exit(2);
}
const RUNS = Number(process.argv[2] ?? 7);
const dir = mkdtempSync(join(tmpdir(), 'waybill-startup-'));
// No model keys from the shell: the offline planner is what is measured.
const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENROUTER_|OPENAI_|WAYBILL_)/.test(key)));
const env = { ...inherited, WAYBILL_DB: join(dir, 'bench.db'), WAYBILL_MODEL: 'offline', WAYBILL_LOG_LEVEL: 'warn' };

const COMMANDS = [
  { id: 'node -e 0', args: ['-e', '0'] },
  { id: 'waybill --version', args: [CLI, '--version'], target_s: 0.5, cpu_target_x: 4 },
  { id: 'waybill --help', args: [CLI, '--help'] },
  { id: 'waybill ask (offline)', args: [CLI, 'ask', 'Де зараз посилка TTN-000001?'], target_s: 1.2 },
];

// CPU seconds of the children this process has waited for (Linux: /proc/self/stat cutime + cstime, in
// clock ticks of 1/100 s). On a machine shared with other jobs the wall time swings with the load; the
// CPU a command burns much less so, which tells a slow start-up from a busy machine.
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function once(args) {
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { env, cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = childCpuSeconds();
  if (run.status !== 0) throw new Error(`${args.slice(1).join(' ')} exited ${run.status}:\n${run.stderr}`);
  return { seconds, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

const startedOn = machine();
try {
  // The first ask creates and seeds the database; that is a one-off, not start-up.
  once(COMMANDS[3].args);
  const samples = new Map(COMMANDS.map((c) => [c.id, []]));
  const cpu = new Map(COMMANDS.map((c) => [c.id, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const c of COMMANDS) {
      const run = once(c.args);
      samples.get(c.id).push(run.seconds);
      if (run.cpu !== undefined) cpu.get(c.id).push(run.cpu);
    }
  }
  const base = summarise(samples.get('node -e 0'), 3);
  const baseCpu = cpu.get('node -e 0').length > 0 ? summarise(cpu.get('node -e 0'), 2).median : undefined;
  const figures = COMMANDS.map((c) => {
    const s = summarise(samples.get(c.id), 3);
    const used = cpu.get(c.id).length > 0 ? summarise(cpu.get(c.id), 2) : undefined;
    const cpuX = used && baseCpu ? Number((used.median / baseCpu).toFixed(1)) : undefined;
    return {
      command: c.id,
      seconds: { min: s.min, median: s.median, max: s.max },
      ...(used && { cpu_seconds: { min: used.min, median: used.median, max: used.max } }),
      over_node_median_s: Number((s.median - base.median).toFixed(3)),
      ...(cpuX !== undefined && { cpu_over_node_x: cpuX }),
      ...(c.target_s !== undefined && { target_s: c.target_s, met: s.median < c.target_s }),
      ...(c.cpu_target_x !== undefined && cpuX !== undefined && { cpu_target_x: c.cpu_target_x, cpu_met: cpuX <= c.cpu_target_x }),
    };
  });
  const report = { bench: 'cli-startup', issues: [21, 36], runs: RUNS, measured_at: new Date().toISOString(), machine: { ...startedOn, load_average_at_end: os.loadavg().map((x) => Number(x.toFixed(2))) }, figures };
  mkdirSync(here('./results/'), { recursive: true });
  writeFileSync(here('./results/cli-startup.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`CLI start-up, ${RUNS} runs each, seconds (min / median / max); load ${report.machine.load_average_at_start.join(' ')} -> ${report.machine.load_average_at_end.join(' ')}`);
  for (const f of figures) {
    const target = f.target_s === undefined ? '' : `  target < ${f.target_s} s: ${f.met ? 'met' : 'MISSED'}`;
    const used = f.cpu_seconds ? `  cpu ${f.cpu_seconds.median.toFixed(2)} s (${f.cpu_over_node_x.toFixed(1)}x node)` : '';
    const cpuTarget = f.cpu_target_x === undefined ? '' : `  cpu target <= ${f.cpu_target_x}x: ${f.cpu_met ? 'met' : 'MISSED'}`;
    console.log(`${f.command.padEnd(24)} ${f.seconds.min.toFixed(2)} / ${f.seconds.median.toFixed(2)} / ${f.seconds.max.toFixed(2)}  (+${f.over_node_median_s.toFixed(2)} over node)${used}${target}${cpuTarget}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
