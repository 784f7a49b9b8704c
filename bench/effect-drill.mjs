// Issue 32's crash drill (the suite runs a bounded one, test/e2e/effect-drill-cli.test.ts): on SQLite and
// on PostgreSQL with the queue, `approve` killed with SIGKILL just after the cancellation commits (or as
// its decision is claimed, or at random), recoverers killed as they take the lease, `serve` and
// `waybill worker` killed; then every run record held against the domain with reconcileRun. Prints the
// totals and writes bench/results/effect-drill-<backends>.json; exits 1 on any broken invariant.
//
//   npm run build && WAYBILL_TEST_PG_URL=postgres://… node bench/effect-drill.mjs [--rounds=2] [--backends=sqlite,postgres]
//       [--threads=8] [--queue-threads=3] [--workers=2] [--seed-base=3200]
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withPostgresSchema } from '../dist/storage/index.js';
import { queueSchemaFor } from '../dist/queue/index.js';
import { runEffectDrill } from './lib/effect-drill.mjs';
import { machine } from './lib/machine.mjs';
import { tempDir } from './lib/temp-db.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', '2'));
const backends = arg('backends', 'sqlite,postgres').split(',');
const threads = Number(arg('threads', '8'));
const queueThreads = Number(arg('queue-threads', '3'));
const workers = Number(arg('workers', '2'));
// Seeds are seedBase + round: another base drives another set of kills (and writes its own results file).
const seedBase = Number(arg('seed-base', '3200'));
const pgUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
if (backends.includes('postgres') && !pgUrl) throw new Error('the PostgreSQL half needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL (a PostgreSQL it may create schemas in)');
const cli = fileURLToPath(new URL('../dist/bin/waybill.js', import.meta.url));
const baseEnv = {};
for (const [key, value] of Object.entries(process.env)) if (!/^(WAYBILL_|OPENROUTER_|OPENAI_)/.test(key)) baseEnv[key] = value;
const envFor = (db) => ({ ...baseEnv, WAYBILL_DB: db, WAYBILL_MODEL: 'offline', WAYBILL_LOG_LEVEL: 'error', WAYBILL_RUN_LEASE_MS: '1000' });

const temp = tempDir('waybill-effect-drill-');
const totals = {};
const results = [];
let failed = false;
const started = Date.now();
try {
  for (const backend of backends) {
    for (let round = 1; round <= rounds; round += 1) {
      const seed = seedBase + round;
      let db;
      let drop = async () => undefined;
      if (backend === 'postgres') {
        const schema = `wb_drill_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.end();
        db = withPostgresSchema(pgUrl, schema);
        drop = async () => {
          const c = new pg.Client({ connectionString: pgUrl });
          await c.connect();
          await c.query(`DROP SCHEMA IF EXISTS ${queueSchemaFor(db)} CASCADE`).catch(() => undefined);
          await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
          await c.end();
        };
      } else {
        db = temp.newDb(`round-${round}`);
      }
      try {
        const { counts, problems } = await runEffectDrill({ cli, env: envFor(db), threads, queueThreads: backend === 'postgres' ? queueThreads : 0, workers, seed, log: (line) => process.stderr.write(`  ${backend} ${round}: ${line}\n`) });
        results.push({ backend, round, seed, counts, problems });
        for (const [key, value] of Object.entries(counts)) totals[key] = (totals[key] ?? 0) + value;
        console.log(`${backend} round ${round}: ${JSON.stringify(counts)}${problems.length > 0 ? `\n  problems: ${problems.join('; ')}` : ''}`);
        failed ||= problems.length > 0;
      } finally {
        if (process.env.WAYBILL_DRILL_KEEP) console.log(`kept ${db}`);
        else await drop();
      }
    }
  }
} finally {
  temp.remove();
}
const agreeing = totals.records > 0 ? Math.round((1000 * totals.agreeing) / totals.records) / 10 : 0;
console.log(`total: ${JSON.stringify(totals)}; records agreeing with the domain ${agreeing}%; ${Math.round((Date.now() - started) / 1000)} s`);
mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
writeFileSync(fileURLToPath(new URL(`./results/effect-drill-${backends.join('-')}${seedBase === 3200 ? '' : `-${seedBase}`}.json`, import.meta.url)), `${JSON.stringify({ machine: machine(), measured_at: new Date().toISOString(), wall_s: Math.round((Date.now() - started) / 1000), agreeing_percent: agreeing, totals, results }, null, 2)}\n`);
process.exitCode = failed ? 1 : 0;
