// The crash drill of issue 32: cancellations whose `approve` is killed with SIGKILL just after the
// cancellation commits (and at other points), recoverers (`waybill resume --all`) killed as soon as they
// take the run's lease, `serve` killed while it recovers and, on PostgreSQL, `waybill worker` processes
// killed while they resume approved runs from the queue. Then every run record is held against the
// domain with reconcileRun (the function recovery itself uses), and nothing may be lost, doubled or
// stuck. Works on SQLite and PostgreSQL through the stores, so one checker serves both backends. Used by
// the suite's bounded test (test/e2e/effect-drill-cli.test.ts) and by bench/crash-drill.mjs --effect.
import { execFile, spawn } from 'node:child_process';
import { openDomainStore } from '../../dist/domain/index.js';
import { seededRandom } from '../../dist/policy/classifier/seeded-random.js';
import { reconcileRun } from '../../dist/runtimes/core/reconcile-run.js';
import { openRunStore } from '../../dist/telemetry/index.js';

// The default tenant's shipments that can be cancelled, one per thread.
const CANCELLABLE = ['TTN-000001', 'TTN-000002', 'TTN-000004', 'TTN-000005', 'TTN-000007', 'TTN-000009', 'TTN-000010', 'TTN-000011', 'TTN-000012', 'TTN-000013', 'TTN-000014'];
export const MAX_EFFECT_DRILL_THREADS = CANCELLABLE.length;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function waybill(cli, env, args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env, timeout: 180_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/**
 * Starts the CLI and kills it with SIGKILL the first time `when()` is true (polled every 10 ms), or
 * after `ms` when given; resolves with whether it was killed before it ended.
 */
function killWhen(cli, env, args, { when, ms }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: 'ignore' });
    let ended = false;
    let polling = false;
    const kill = () => {
      if (!ended) child.kill('SIGKILL');
    };
    const timer = ms === undefined ? undefined : setTimeout(kill, ms);
    const poll = when === undefined ? undefined : setInterval(() => {
      if (polling || ended) return;
      polling = true;
      when().then((yes) => {
        polling = false;
        if (yes) kill();
      }, () => {
        polling = false;
      });
    }, 10);
    child.once('exit', (_code, signal) => {
      ended = true;
      clearTimeout(timer);
      clearInterval(poll);
      resolve(signal === 'SIGKILL');
    });
  });
}

/** Starts a long-lived CLI process and resolves once a stderr line matches `ready` (with its match). */
function startLong(cli, env, args, ready) {
  const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`waybill ${args[0]} did not start:\n${err.slice(-2000)}`)), 120_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      if (err.length < 100_000) err += chunk;
      const found = ready.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve({ child, match: found });
      }
    });
    child.once('exit', () => reject(new Error(`waybill ${args[0]} exited before it started:\n${err.slice(-2000)}`)));
  });
}

const exited = (child) => new Promise((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve();
  else child.once('exit', resolve);
});
async function sigkill(child) {
  if (child.exitCode !== null || child.signalCode !== null) return false;
  child.kill('SIGKILL');
  await exited(child);
  return true;
}
async function sigterm(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited(child);
}

/**
 * One round on one database (`env.WAYBILL_DB`, fresh): `threads` cancellations driven through the CLI
 * with kills at the effect, at the lease and at random; on PostgreSQL with `queueThreads` > 0, more
 * cancellations through `serve --queue` and `workers` worker processes killed as their effect commits.
 * Returns the counts and every broken invariant.
 */
export async function runEffectDrill({ cli, env, threads, queueThreads = 0, workers = 2, seed = 32, serveKills = 1, log = () => {} }) {
  if (threads + queueThreads > MAX_EFFECT_DRILL_THREADS) throw new RangeError(`at most ${MAX_EFFECT_DRILL_THREADS} threads in all (one cancellable shipment each)`);
  const postgres = env.WAYBILL_DB.startsWith('postgres');
  if (queueThreads > 0 && !postgres) throw new RangeError('the queue runs on PostgreSQL only');
  const rand = seededRandom(seed);
  const counts = { kills: 0, after_effect: 0, recoverers: 0, workers: 0, serve: 0, random: 0, commands: 0, records: 0, agreeing: 0, approved: 0, rejected: 0, cancelled: 0, interrupted: 0, lost: 0, doubled: 0, stuck: 0 };
  const problems = [];
  // The warm-up creates the database (and its schema) before this process opens the stores on it.
  const started = Date.now();
  await waybill(cli, env, ['ask', 'Де зараз посилка TTN-000001?', '--thread', 'drill-warmup']);
  const life = Date.now() - started;
  const domain = await openDomainStore({ path: env.WAYBILL_DB });
  const runs = await openRunStore(env.WAYBILL_DB);
  const cancelled = async (id) => (await domain.countCancellations(id)) > 0;
  const attemptsOn = async (thread) => (await runs.listIntents(thread))[0]?.attempts ?? 0;
  const run = async (args, how, kind) => {
    counts.commands += 1;
    const killed = await killWhen(cli, env, args, how);
    if (killed) {
      counts.kills += 1;
      counts[kind] += 1;
    }
    return killed;
  };
  try {
    for (let i = 0; i < threads; i += 1) {
      const id = CANCELLABLE[i];
      const thread = `drill-${seed}-${i}`;
      counts.commands += 1;
      const asked = await waybill(cli, env, ['ask', `Скасуй ${id}, клієнт відмовився, поверни 50 грн`, '--thread', thread]);
      if (asked.code !== 3) problems.push(`ask on ${thread} exited ${asked.code}, not 3 (awaiting approval): ${asked.stderr.trim().slice(-300)}`);
      const mode = i === 0 ? 'effect' : i === 1 ? 'lease' : ['effect', 'effect', 'lease', 'random', 'reject'][Math.floor(rand() * 5)];
      if (mode === 'reject') {
        await run(['reject', '--thread', thread, '--reason', 'drill', '--by', 'drill'], { ms: Math.round(life * (0.3 + rand() * 0.9)) }, 'random');
      } else if (mode === 'random') {
        await run(['approve', '--thread', thread, '--by', 'drill'], { ms: Math.round(life * (0.3 + rand() * 0.9)) }, 'random');
      } else {
        // Killed just after the cancellation commits, or as soon as its decision is claimed (before any effect).
        const when = mode === 'effect' ? () => cancelled(id) : async () => (await attemptsOn(thread)) > 0;
        await run(['approve', '--thread', thread, '--by', 'drill'], { when }, mode === 'effect' ? 'after_effect' : 'random');
        // Then two recoverers, each killed as soon as it takes the run's lease (the attempt count moves).
        if (i === 0 || rand() < 0.6) {
          for (let k = 0; k < 2; k += 1) {
            const before = await attemptsOn(thread);
            if (before === 0) break;
            await run(['resume', '--all'], { when: async () => (await attemptsOn(thread)) > before }, 'recoverers');
          }
        }
      }
      log(`thread ${thread} (${id}, ${mode}) driven; kills so far ${counts.kills}`);
    }
    if (queueThreads > 0) await queueRound({ cli, env, rand, life, counts, problems, first: threads, count: queueThreads, workers, seed, cancelled, log });
    // The service recovers on start-up; kill it mid-way.
    for (let k = 0; k < serveKills; k += 1) {
      const { child } = await startLong(cli, env, ['serve', '--port', '0'], /API at (http:\/\/[^\s/]+)\/v1/);
      await sleep(Math.round(rand() * life));
      if (await sigkill(child)) {
        counts.kills += 1;
        counts.serve += 1;
      }
    }
    counts.commands += 1;
    const resumed = await waybill(cli, env, ['resume', '--all', '--json']);
    if (resumed.code !== 0) problems.push(`waybill resume --all exited ${resumed.code}: ${resumed.stderr.trim().slice(-500)}`);
    // Every pause still waiting can be decided now, and the decision runs.
    for (const record of (await runs.listRuns({ status: 'awaiting_approval', limit: 500 })).runs) {
      counts.commands += 1;
      const decided = await waybill(cli, env, ['approve', '--thread', record.thread_id, '--by', 'drill-final', '--json']);
      if (decided.code !== 0) {
        counts.stuck += 1;
        problems.push(`the pause on ${record.thread_id} could not be decided (exit ${decided.code}): ${decided.stderr.trim().slice(-300)}`);
      }
    }
    await check({ domain, runs, counts, problems });
  } finally {
    await runs.close();
    await domain.close();
  }
  return { counts, problems };
}

/** Cancellations through `serve --queue` and worker processes, the workers killed as the effect commits. */
async function queueRound({ cli, env, rand, life, counts, problems, first, count, workers, seed, cancelled, log }) {
  const qenv = { ...env, WAYBILL_LOG_LEVEL: 'info', WAYBILL_QUEUE_LEASE_SECONDS: '3', WAYBILL_QUEUE_MAINTENANCE_SECONDS: '1', WAYBILL_QUEUE_POLL_SECONDS: '0.5', WAYBILL_QUEUE_RETRY_DELAY_SECONDS: '1', WAYBILL_QUEUE_RETRY_LIMIT: '8' };
  const key = (await waybill(cli, qenv, ['keys', 'create', '--tenant', 'default', '--role', 'operator', '--name', `drill-${seed}`])).stdout.trim();
  let serve = await startLong(cli, qenv, ['serve', '--queue', '--port', '0'], /API at (http:\/\/[^\s/]+)\/v1/);
  const base = () => serve.match[1];
  const pool = [];
  const startWorker = async () => pool.push((await startLong(cli, qenv, ['worker', '--concurrency', '2'], /"worker started"/)).child);
  for (let w = 0; w < workers; w += 1) await startWorker();
  const api = async (method, path, body) => {
    for (let tries = 0; ; tries += 1) {
      try {
        const response = await fetch(`${base()}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body && { body: JSON.stringify(body) }) });
        return { status: response.status, body: await response.json() };
      } catch (error) {
        if (tries > 3) throw error;
        await sleep(500);
      }
    }
  };
  const until = async (what, check, limitMs = 180_000) => {
    const end = Date.now() + limitMs;
    while (Date.now() < end) {
      if (await check()) return true;
      await sleep(100);
    }
    problems.push(`queue: ${what} did not happen within ${limitMs / 1000} s`);
    return false;
  };
  try {
    for (let i = first; i < first + count; i += 1) {
      const id = CANCELLABLE[i];
      const thread = `drill-${seed}-q${i}`;
      counts.commands += 1;
      const queued = await api('POST', '/v1/runs', { input: `Скасуй ${id}, клієнт відмовився, поверни 50 грн`, thread_id: thread });
      if (queued.status !== 202) {
        problems.push(`queue: POST /v1/runs answered ${queued.status}: ${JSON.stringify(queued.body).slice(0, 300)}`);
        continue;
      }
      let paused;
      if (!(await until(`the pause on ${thread}`, async () => (paused = (await api('GET', `/v1/runs/${queued.body.run_id}`)).body).status === 'awaiting_approval'))) continue;
      counts.commands += 1;
      const decided = await api('POST', `/v1/approvals/${paused.pending.approval_id}`, { decision: 'approve' });
      if (decided.status >= 300) problems.push(`queue: approving ${thread} answered ${decided.status}: ${JSON.stringify(decided.body).slice(0, 300)}`);
      // Whichever worker resumes it is killed just after the cancellation commits (all of them: any may hold it),
      // or a random worker at a random moment; then as many are started again.
      if (i === first || rand() < 0.7) {
        await until(`the cancellation of ${id}`, () => cancelled(id), 60_000);
        let killed = 0;
        for (const child of pool.splice(0)) if (await sigkill(child)) killed += 1;
        counts.kills += killed;
        counts.workers += killed;
        if (killed > 0) counts.after_effect += 1;
      } else {
        await sleep(Math.round(rand() * life));
        const [child] = pool.splice(Math.floor(rand() * pool.length), 1);
        if (child && (await sigkill(child))) {
          counts.kills += 1;
          counts.workers += 1;
        }
      }
      while (pool.length < workers) await startWorker();
      if (rand() < 0.3) {
        if (await sigkill(serve.child)) {
          counts.kills += 1;
          counts.serve += 1;
        }
        serve = await startLong(cli, qenv, ['serve', '--queue', '--port', '0'], /API at (http:\/\/[^\s/]+)\/v1/);
      }
      log(`queue thread ${thread} (${id}) driven; kills so far ${counts.kills}`);
    }
    // The workers finish what the queue holds: every queue thread ends with a record that is not a pause.
    await until('the queue to drain', async () => {
      const listed = (await api('GET', '/v1/runs?limit=500')).body.runs ?? [];
      const latest = new Map();
      for (const r of listed.filter((r) => r.thread_id.includes('-q'))) if (!latest.has(r.thread_id) || latest.get(r.thread_id).started_at < r.started_at) latest.set(r.thread_id, r);
      return latest.size === count && [...latest.values()].every((r) => r.status === 'finished' || r.status === 'stopped');
    });
  } finally {
    await Promise.all(pool.map(sigterm));
    await sigterm(serve.child);
  }
}

/** Every invariant, read through the stores: nothing in flight, lost or doubled; every record agrees with the domain. */
async function check({ domain, runs, counts, problems }) {
  const inFlight = await runs.listIntents();
  if (inFlight.length > 0) {
    counts.stuck += inFlight.length;
    problems.push(`${inFlight.length} runs still in flight after recovery: ${inFlight.map((i) => i.threadId).join(', ')}`);
  }
  const records = (await runs.listRuns({ limit: 500 })).runs.filter((r) => r.thread_id.startsWith('drill-') && r.thread_id !== 'drill-warmup');
  for (const record of records) {
    if (record.status === 'decided' && !records.some((other) => other.thread_id === record.thread_id && other.run_id !== record.run_id && other.approval?.approval_id === record.pending?.approval_id)) {
      counts.lost += 1;
      problems.push(`run ${record.run_id} was decided but its decision never ran`);
    }
    if (record.status === 'awaiting_approval') {
      counts.stuck += 1;
      problems.push(`run ${record.run_id} still awaits approval`);
    }
    counts.records += 1;
    const verdict = await reconcileRun(domain, record);
    if (verdict.agrees) counts.agreeing += 1;
    else problems.push(`run ${record.run_id} (${record.thread_id}, ${record.status}/${record.stop_reason}) disagrees with the domain: ${verdict.disagreements.join('; ')}`);
  }
  for (const approval of await domain.approvals.list({ limit: 500 })) {
    const trackingId = (approval.decision?.args ?? approval.args).tracking_id;
    const n = await domain.countCancellations(trackingId);
    if (approval.status === 'rejected') {
      counts.rejected += 1;
      if (approval.grant?.consumedAt !== undefined) problems.push(`rejected approval ${approval.approvalId} has a consumed grant`);
      continue;
    }
    if (approval.status !== 'approved') continue;
    counts.approved += 1;
    const resumed = records.filter((r) => r.approval?.approval_id === approval.approvalId && r.tool_calls.some((c) => c.tool === 'cancel_shipment' && c.status === 'ok'));
    // Three processes died before the call ran: the run is stopped `interrupted` and says so (send again),
    // nothing was cancelled and the grant is unused. Honest, and counted apart from a lost decision.
    const interrupted = records.some((r) => r.approval?.approval_id === approval.approvalId && r.stop_reason === 'interrupted');
    if (interrupted && n === 0 && approval.grant?.consumedAt === undefined) {
      counts.interrupted += 1;
      continue;
    }
    if (n === 0 || approval.grant?.consumedBy === undefined || resumed.length === 0) {
      counts.lost += 1;
      problems.push(`approval ${approval.approvalId} (${trackingId}): ${n} cancellations, grant ${approval.grant?.consumedBy ?? 'unused'}, ${resumed.length} records that say it ran`);
    }
    if (resumed.length > 1) {
      counts.doubled += resumed.length - 1;
      problems.push(`approval ${approval.approvalId}: ${resumed.length} records say it ran`);
    }
    if (n > 1) counts.doubled += n - 1;
    counts.cancelled += Math.min(n, 1);
  }
}
