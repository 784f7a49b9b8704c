// Runs a checkout's `waybill guard scan --jsonl` once over many texts, as a black box: the blind-set
// scorers (guard-blind-set.mjs, pii-blind-set.mjs) read only its output lines.
import { spawn } from 'node:child_process';

/** Spawns `cli guard scan --jsonl` in `checkout`, feeds it `lines` (objects), returns the verdicts in order; exits the process on a failed scan. */
export async function guardScanCli(cli, checkout, lines) {
  const { code, out, err } = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'guard', 'scan', '--jsonl'], { cwd: checkout, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  });
  if (code !== 0) {
    console.error(`guard scan exited with ${code}\n${err}`);
    process.exit(1);
  }
  const verdicts = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  if (verdicts.length !== lines.length) {
    console.error(`expected ${lines.length} verdicts, got ${verdicts.length}`);
    process.exit(1);
  }
  return verdicts;
}
