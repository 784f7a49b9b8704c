// The crash drill of issue 17: `ask`, `approve`, `reject` and `serve` killed with SIGKILL at random
// moments against one database, then recovered (`waybill resume --all`, then `serve` on start-up), then
// every invariant checked from the database itself. Used by the suite's bounded test
// (test/e2e/crash-recovery-cli.test.ts) and by the longer bench/crash-drill.mjs.
import { execFile, spawn } from 'node:child_process';
import Database from 'better-sqlite3';
// The seeded generator the classifier trains with: the same seed kills at the same moments.
import { seededRandom } from '../../dist/policy/classifier/seeded-random.js';

// The default tenant's shipments that can be cancelled (not delivered, not already cancelled).
const CANCELLABLE = ['TTN-000001', 'TTN-000002', 'TTN-000004', 'TTN-000005', 'TTN-000007', 'TTN-000009', 'TTN-000010', 'TTN-000011', 'TTN-000012', 'TTN-000013', 'TTN-000014'];
export const MAX_DRILL_THREADS = CANCELLABLE.length;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the CLI to its end; resolves with its exit code and output. */
function waybill(cli, env, args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Starts the CLI and kills it with SIGKILL after `ms` (or lets it end first); resolves with whether it was killed. */
function killAfter(cli, env, args, ms) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: 'ignore' });
    let ended = false;
    const timer = setTimeout(() => {
      if (!ended) child.kill('SIGKILL');
    }, ms);
    child.once('exit', (_code, signal) => {
      ended = true;
      clearTimeout(timer);
      resolve(signal === 'SIGKILL');
    });
  });
}

/**
 * Starts the CLI and kills it with SIGKILL the moment the database shows a run of `kind` in flight on
 * `thread` (an ask before its record, a decision claimed and not yet applied): the points where only
 * recovery can finish the run. Resolves with whether it was killed before it ended.
 */
function killWhenInFlight(cli, env, args, thread, kind) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: 'ignore' });
    let ended = false;
    const poll = setInterval(() => {
      let seen = false;
      try {
        const db = new Database(env.WAYBILL_DB, { readonly: true, fileMustExist: true });
        try {
          seen = db.prepare('SELECT 1 FROM run_intents WHERE thread_id = ? AND kind = ?').get(thread, kind) !== undefined;
        } finally {
          db.close();
        }
      } catch {
        // Not created or not migrated yet: look again at the next tick.
      }
      if (seen && !ended) child.kill('SIGKILL');
    }, 5);
    child.once('exit', (_code, signal) => {
      ended = true;
      clearInterval(poll);
      resolve(signal === 'SIGKILL');
    });
  });
}

/** Starts `waybill serve` and resolves with the process and its base URL once it listens. */
function startServe(cli, env) {
  const server = spawn(process.execPath, [cli, 'serve', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`waybill serve did not start:\n${err}`)), 60_000);
    server.stderr.setEncoding('utf8');
    server.stderr.on('data', (chunk) => {
      err += chunk;
      const found = /API at (http:\/\/[^\s/]+)\/v1/.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve({ server, base: found[1] });
      }
    });
  });
}

const stop = (child) => new Promise((resolve) => {
  child.once('exit', resolve);
  child.kill('SIGTERM');
});

/**
 * Drives `threads` cancellations (one shipment and thread each) through ask and a decision, killing
 * each step with probability `killChance` at a random moment of its expected life, and `serve` while it
 * recovers; then recovers and checks. Returns the counts and every broken invariant (`problems`).
 */
export async function runCrashDrill({ cli, env, threads, seed = 17, killChance = 0.6, serveKills = 2, log = () => {} }) {
  if (threads > MAX_DRILL_THREADS) throw new RangeError(`at most ${MAX_DRILL_THREADS} threads (one cancellable shipment each)`);
  const rand = seededRandom(seed);
  const counts = { kills: 0, commands: 0, runs: 0, recovered: 0, awaiting: 0, approved: 0, rejected: 0, cancelled: 0, lost: 0, doubled: 0, stuck: 0 };
  // How long a command lives here: kills land anywhere from its start-up to just after it would end.
  const started = Date.now();
  await waybill(cli, env, ['ask', 'Де зараз посилка TTN-000001?', '--thread', 'drill-warmup']);
  const life = Date.now() - started;
  const maybeKill = async (args) => {
    counts.commands += 1;
    if (rand() >= killChance) return waybill(cli, env, args);
    const killed = await killAfter(cli, env, args, Math.round(life * (0.3 + rand() * 0.9)));
    if (killed) counts.kills += 1;
    return { code: killed ? 'killed' : 0 };
  };
  for (let i = 0; i < threads; i += 1) {
    const id = CANCELLABLE[i];
    const thread = `drill-${seed}-${i}`;
    const ask = ['ask', `Скасуй ${id}, клієнт відмовився, поверни 50 грн`, '--thread', thread];
    const decision = rand() < 0.75 ? ['approve', '--thread', thread, '--by', 'drill'] : ['reject', '--thread', thread, '--reason', 'drill', '--by', 'drill'];
    if (i === 0 || i === 1) {
      // The first two threads are killed at the points only recovery can finish, whatever the timing:
      // an ask with its run in flight, then an approve with its decision claimed but not applied.
      counts.commands += 2;
      if (i === 0 && (await killWhenInFlight(cli, env, ask, thread, 'ask'))) counts.kills += 1;
      if (i === 1) await waybill(cli, env, ask);
      if (await killWhenInFlight(cli, env, i === 0 ? decision : ['approve', '--thread', thread, '--by', 'drill'], thread, 'resume')) counts.kills += 1;
    } else {
      await maybeKill(ask);
      await maybeKill(decision);
    }
    log(`thread ${thread} (${id}) driven; kills so far ${counts.kills}`);
  }
  // The service recovers on start-up; kill it mid-way a few times.
  for (let k = 0; k < serveKills; k += 1) {
    const { server } = await startServe(cli, env);
    await sleep(Math.round(rand() * life));
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    counts.kills += 1;
  }
  const resumed = await waybill(cli, env, ['resume', '--all', '--json']);
  if (resumed.code !== 0) return { counts, problems: [`waybill resume --all exited ${resumed.code}: ${resumed.stderr.trim()}`] };
  // No approval is stuck: every thread still paused can be decided now, and the decision runs.
  const db = new Database(env.WAYBILL_DB, { readonly: true });
  let paused;
  try {
    paused = db.prepare("SELECT thread_id FROM runs WHERE status = 'awaiting_approval'").pluck().all();
  } finally {
    db.close();
  }
  for (const thread of paused) {
    const decided = await waybill(cli, env, ['approve', '--thread', thread, '--by', 'drill-final', '--json']);
    if (decided.code !== 0) counts.stuck += 1;
  }
  const problems = checkDatabase(env.WAYBILL_DB, counts);
  problems.push(...(await checkService(cli, env, counts)));
  const verified = await waybill(cli, env, ['audit', 'verify']);
  if (verified.code !== 0) problems.push(`waybill audit verify exited ${verified.code}: ${(verified.stdout + verified.stderr).trim()}`);
  if (counts.stuck > 0) problems.push(`${counts.stuck} paused threads could not be decided`);
  return { counts, problems };
}

/** Every invariant read from the database: nothing in flight, nothing lost, nothing doubled. */
function checkDatabase(path, counts) {
  const problems = [];
  const db = new Database(path, { readonly: true });
  try {
    const inFlight = db.prepare('SELECT count(*) FROM run_intents').pluck().get();
    if (inFlight > 0) problems.push(`${inFlight} runs still in flight after recovery`);
    const runs = db.prepare("SELECT run_id, thread_id, status, record FROM runs WHERE thread_id LIKE 'drill-%' AND thread_id <> 'drill-warmup'").all();
    counts.runs = runs.length;
    counts.awaiting = runs.filter((r) => r.status === 'awaiting_approval').length;
    counts.recovered = db.prepare("SELECT count(*) FROM audit_events WHERE type = 'run.recovered'").pluck().get();
    for (const run of runs.filter((r) => r.status === 'decided')) {
      // A decided pause is finished by its resumed run: a later record on the same thread.
      const later = runs.some((other) => other.thread_id === run.thread_id && other.run_id !== run.run_id && JSON.parse(other.record).approval !== undefined);
      if (!later) {
        counts.lost += 1;
        problems.push(`run ${run.run_id} was decided but its decision never ran`);
      }
    }
    // Every filed approval belongs to a recorded pause; every approved one ran exactly once, with its record.
    const approvals = db.prepare("SELECT a.approval_id, a.status, a.tenant, json_extract(a.args, '$.tracking_id') AS tracking_id, g.consumed_by FROM approvals a LEFT JOIN grants g USING (approval_id)").all();
    for (const approval of approvals) {
      const pauses = runs.filter((r) => JSON.parse(r.record).pending?.approval_id === approval.approval_id);
      if (pauses.length === 0) {
        counts.lost += 1;
        problems.push(`approval ${approval.approval_id} has no recorded pause`);
      }
      if (approval.status === 'rejected') counts.rejected += 1;
      if (approval.status !== 'approved') continue;
      counts.approved += 1;
      const cancelled = db.prepare('SELECT count(*) FROM cancellations WHERE approval_id = ?').pluck().get(approval.approval_id);
      const recorded = runs.filter((r) => {
        const record = JSON.parse(r.record);
        return record.approval !== undefined && record.tool_calls.some((c) => c.tool === 'cancel_shipment' && c.status === 'ok' && c.args.tracking_id === approval.tracking_id);
      }).length;
      if (cancelled !== 1 || approval.consumed_by === null || recorded !== 1) problems.push(`approval ${approval.approval_id}: ${cancelled} cancellations, grant ${approval.consumed_by ?? 'unused'}, ${recorded} run records`);
      if (cancelled > 1) counts.doubled += cancelled - 1;
      if (cancelled === 0 || recorded === 0) counts.lost += 1;
    }
    for (const row of db.prepare("SELECT tracking_id, count(*) AS n FROM cancellations WHERE tracking_id <> 'TTN-000006' GROUP BY tracking_id").all()) {
      counts.cancelled += 1;
      if (row.n > 1) {
        counts.doubled += row.n - 1;
        problems.push(`${row.tracking_id} was cancelled ${row.n} times`);
      }
    }
  } finally {
    db.close();
  }
  return problems;
}

/** Every run visible through the service under its own tenant, and no approval listed that is not pending. */
async function checkService(cli, env, counts) {
  const problems = [];
  const key = (await waybill(cli, env, ['keys', 'create', '--tenant', 'default', '--role', 'operator', '--name', 'drill'])).stdout.trim();
  const { server, base } = await startServe(cli, env);
  try {
    const headers = { authorization: `Bearer ${key}` };
    const listed = await (await fetch(`${base}/v1/runs?limit=500`, { headers })).json();
    const drill = listed.runs.filter((r) => r.thread_id.startsWith('drill-') && r.thread_id !== 'drill-warmup');
    if (drill.length !== counts.runs) problems.push(`/v1/runs lists ${drill.length} drill runs, the database holds ${counts.runs}`);
    if (drill.some((r) => r.tenant !== 'default')) problems.push('a drill run is listed under another tenant');
    const approvals = await (await fetch(`${base}/v1/approvals`, { headers })).json();
    const pending = (approvals.approvals ?? approvals).length;
    if (pending !== counts.awaiting) problems.push(`/v1/approvals lists ${pending} pending, ${counts.awaiting} runs await approval`);
  } finally {
    await stop(server);
  }
  return problems;
}
