// What a run on PostgreSQL costs beyond this process's CPU (figure 13, issue 36): the round trips and
// durable commits node-postgres sends, counted in this process, and the PostgreSQL server's CPU on
// the connections of one application_name (its backends' /proc/<pid>/stat: the server must run on
// this machine; otherwise null).
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // USER_HZ 100: /proc/<pid>/stat times are in hundredths of a second
const WRITE = /\b(INSERT|UPDATE|DELETE)\b/i;

/**
 * Counts every query node-postgres sends from now on (one round trip each: it does not pipeline), and
 * the commits that wait for the server's WAL flush: COMMITs, and writing statements sent outside a
 * transaction (each its own). `snapshot()` gives the totals so far.
 */
export function countPgQueries() {
  const totals = { roundTrips: 0, writeCommits: 0 };
  const inTransaction = new WeakMap();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    const text = String(typeof config === 'string' ? config : (config?.text ?? ''));
    totals.roundTrips += 1;
    if (/^\s*BEGIN\b/i.test(text)) inTransaction.set(this, true);
    else if (/^\s*(COMMIT|END)\b/i.test(text)) {
      inTransaction.set(this, false);
      totals.writeCommits += 1;
    } else if (/^\s*ROLLBACK\b/i.test(text)) inTransaction.set(this, false);
    else if (!inTransaction.get(this) && WRITE.test(text)) totals.writeCommits += 1;
    return original.call(this, config, ...rest);
  };
  return { snapshot: () => ({ ...totals }), restore: () => { pg.Client.prototype.query = original; } };
}

const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

/**
 * The server's CPU on the backends whose application_name is `appName`, read through `admin`:
 * `read()` returns a map pid -> CPU ms, or null when the backends' /proc entries cannot be read.
 * Between two reads, a backend born in between counts from 0.
 */
export function serverCpu(admin, appName) {
  return {
    async read() {
      const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [appName]);
      const cpu = new Map();
      try {
        for (const { pid } of rows) cpu.set(pid, cpuMsOf(pid));
      } catch {
        return null;
      }
      return cpu;
    },
    /** CPU ms spent between two reads (backends gone in between are lost: a pool keeps them while it is used). */
    between(before, after) {
      if (!before || !after) return null;
      let sum = 0;
      for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
      return sum;
    },
  };
}
