// The long crash drill of issue 17 (the suite runs a bounded one): for each seed, 11 cancellations whose
// ask and decision are killed with SIGKILL at random moments, `serve` killed while it recovers, then
// recovery and every invariant checked. Prints and writes the counts to bench/results/crash-drill.json.
//
//   npm run build && node bench/crash-drill.mjs [--seeds=5] [--kill-chance=0.7]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_DRILL_THREADS, runCrashDrill } from './lib/crash-drill.mjs';
import { machine } from './lib/machine.mjs';
import { tempDir } from './lib/temp-db.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seeds = arg('seeds', 5);
const killChance = arg('kill-chance', 0.7);
const cli = fileURLToPath(new URL('../dist/bin/waybill.js', import.meta.url));
const temp = tempDir('waybill-crash-');
const totals = {};
const rounds = [];
let failed = false;
try {
  for (let seed = 1; seed <= seeds; seed += 1) {
    const env = { ...process.env, WAYBILL_DB: temp.newDb(`seed-${seed}`), WAYBILL_MODEL: 'offline', WAYBILL_LOG_LEVEL: 'error', WAYBILL_RUN_LEASE_MS: '1000' };
    const { counts, problems } = await runCrashDrill({ cli, env, threads: MAX_DRILL_THREADS, seed, killChance, serveKills: 3 });
    rounds.push({ seed, counts, problems });
    for (const [key, value] of Object.entries(counts)) totals[key] = (totals[key] ?? 0) + value;
    console.log(`seed ${seed}: ${JSON.stringify(counts)}${problems.length > 0 ? `\n  problems: ${problems.join('; ')}` : ''}`);
    failed ||= problems.length > 0;
  }
} finally {
  temp.remove();
}
console.log(`total: ${JSON.stringify(totals)}`);
writeFileSync(join(fileURLToPath(new URL('./results/', import.meta.url)), 'crash-drill.json'), `${JSON.stringify({ machine: machine(), killChance, totals, rounds }, null, 2)}\n`);
process.exitCode = failed ? 1 : 0;
