// CLI start-up as a user pays it (issues 21 and 36): whole-process wall time and CPU of
// `node dist/bin/waybill.js --version`, `--help` and one offline `ask`, against `node -e 0` measured in the
// same run, interleaved so that a noisy neighbour hits every command alike. Used by bench/cli-startup.mjs
// (stand-alone) and by the `startup` group of run-all (figures/startup.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from './machine.mjs';
import { summarise } from './stats.mjs';

export const CLI = fileURLToPath(new URL('../../dist/bin/waybill.js', import.meta.url));

// Targets: `--version` under 0.5 s of wall time (issue 21) and at most 4x the CPU of `node -e 0` (issue
// 36: the CPU ratio holds on a loaded machine, where wall time does not); an offline `ask` under 1.2 s
// of wall time on an idle machine (issue 36; issue 21 had 1.5 s).
export const COMMANDS = [
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

/** Runs every command `runs` times, interleaved; returns the report (machine, load at start and end, one entry per command). */
export function measureStartup(runs = 7) {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-startup-'));
  // No model keys from the shell: the offline planner is what is measured.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENROUTER_|OPENAI_|WAYBILL_)/.test(key)));
  const env = { ...inherited, WAYBILL_DB: join(dir, 'bench.db'), WAYBILL_MODEL: 'offline', WAYBILL_LOG_LEVEL: 'warn' };
  const once = (args) => {
    const cpuBefore = childCpuSeconds();
    const started = performance.now();
    const run = spawnSync(process.execPath, args, { env, cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = childCpuSeconds();
    if (run.status !== 0) throw new Error(`${args.slice(1).join(' ')} exited ${run.status}:\n${run.stderr}`);
    return { seconds, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
  };
  const startedOn = machine();
  try {
    // The first ask creates and seeds the database; that is a one-off, not start-up.
    once(COMMANDS[3].args);
    const samples = new Map(COMMANDS.map((c) => [c.id, []]));
    const cpu = new Map(COMMANDS.map((c) => [c.id, []]));
    for (let i = 0; i < runs; i++) {
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
    return { bench: 'cli-startup', issues: [21, 36], runs, measured_at: new Date().toISOString(), machine: { ...startedOn, load_average_at_end: os.loadavg().map((x) => Number(x.toFixed(2))) }, figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
