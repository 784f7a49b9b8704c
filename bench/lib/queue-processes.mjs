// Waybill processes for the queue figures (figures/queue.mjs) and queue-load.mjs: the environment that
// points them at `waybill oracle`, starting one and waiting for a line, stopping it, and reading its
// CPU and peak memory from /proc (Linux).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { round } from './stats.mjs';

export const CLI = fileURLToPath(new URL('../../dist/bin/waybill.js', import.meta.url));

/** The environment of a spawned Waybill: the oracle as its model, no other model or database settings leaking in. */
export function envFor(db, oracleUrl, extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(WAYBILL_|OPENROUTER_|OPENAI_)/.test(key)) env[key] = value;
  return { ...env, WAYBILL_DB: db, WAYBILL_MODEL: 'oracle', WAYBILL_BASE_URL: oracleUrl, WAYBILL_LOG_LEVEL: 'info', ...extra };
}

/** Peak resident set (VmHWM) of a live process, in MB. */
export function peakRssMb(pid) {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return match ? round(Number(match[1]) / 1024, 1) : null;
}

/** CPU ms (user + system, all threads) a live process has used so far: /proc/<pid>/stat, in clock ticks of 10 ms. */
export function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts `node <script> ...args` (the CLI unless `script` is given); `started` resolves with what `ready(line)` first returns for a stderr line. */
export function startProcess(args, env, ready, script = CLI) {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const lines = [];
  let partial = '';
  let onReady;
  const started = new Promise((resolve, reject) => {
    onReady = resolve;
    child.once('exit', (code) => reject(new Error(`${script === CLI ? `waybill ${args[0]}` : script} exited ${code}: ${lines.slice(-5).join('\n')}`)));
  });
  // Nobody may be waiting for `started` when the process exits later (it is stopped on purpose).
  started.catch(() => undefined);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      const found = ready(line);
      if (found) onReady(found);
    }
  });
  return { child, lines, started };
}

/** SIGTERM, resolving with the exit code once the process has exited. */
export const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
