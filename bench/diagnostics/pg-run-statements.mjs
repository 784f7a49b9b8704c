// Diagnostic (issue 36): every statement node-postgres sends during one run on PostgreSQL, in order,
// with its prepared statement's name, after one warm-up run of each fixed request (so the stores'
// migrations and first reads are not counted). `npm run build` first; needs WAYBILL_TEST_PG_URL or
// WAYBILL_BENCH_PG_URL; works in a schema of its own, dropped at the end.
//   node bench/diagnostics/pg-run-statements.mjs [request index, default 0] [build dir, default this checkout]
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const index = Number(process.argv[2] ?? 0);
const dir = resolve(process.argv[3] ?? new URL('../..', import.meta.url).pathname);
const from = (path) => import(pathToFileURL(resolve(dir, path)).href);
const { openLangGraphRuntime } = await from('dist/runtimes/langgraph/index.js');
const { recordedCompletions } = await from('bench/lib/record-completions.mjs');
const { ReplayedModel } = await from('bench/lib/replayed-model.mjs');
const { FIXED_REQUESTS } = await from('bench/lib/requests.mjs');

const base = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
if (!base) throw new Error('set WAYBILL_TEST_PG_URL or WAYBILL_BENCH_PG_URL');
const schema = `wb_statements_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = new URL(base);
url.searchParams.set('options', `-c search_path=${schema}`);
const runtime = await openLangGraphRuntime({ dbPath: url.toString(), model: new ReplayedModel({ completions: recordedCompletions() }) });
let sent = null;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function listedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  sent?.push(`${config?.name ? `[${config.name}] ` : ''}${String(text).replace(/\s+/g, ' ').slice(0, 140)}`);
  return original.call(this, config, ...rest);
};
try {
  for (const [i, input] of FIXED_REQUESTS.entries()) await runtime.ask({ input, threadId: `warm-${i}` });
  sent = [];
  await runtime.ask({ input: FIXED_REQUESTS[index], threadId: `measured-${index}` });
  console.log(`${sent.length} statements in one run of request ${index}:`);
  for (const line of sent) console.log(`  ${line}`);
} finally {
  pg.Client.prototype.query = original;
  await runtime.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
