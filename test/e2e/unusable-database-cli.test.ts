import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => {
  chmodSync(temp.dir, 0o700);
  temp.cleanup();
});

const QUESTION = 'Де посилка TTN-000001?';

// A command that hangs (as every one did under /proc/nope, spinning in Node's recursive mkdir) is
// killed at the timeout and fails on `signal`: the bound is the spawn's, not a timed assertion.
function waybill(args: string[], db: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db), encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL', input: '' });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** Exit 2 with exactly one stderr line, `waybill: <message> [<code>]`, and no stack trace. */
function expectNamedFailure(run: ReturnType<typeof waybill>, message: string, code: string) {
  expect(run.signal).toBeNull();
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr.trim().split('\n')).toEqual([`waybill: ${message} [${code}]`]);
  expect(run.code).toBe(2);
}

describe('a database location that cannot be used ends the command with a named error', () => {
  it('a path under a directory that cannot be created (/proc/nope): ask and serve exit, worker refuses it', () => {
    const db = '/proc/waybill-nope/x.db';
    const message = `cannot open the Waybill database at ${db}: ENOENT: no such file or directory, mkdir '/proc/waybill-nope'`;
    expectNamedFailure(waybill(['ask', QUESTION], db), message, 'store_unavailable');
    expectNamedFailure(waybill(['serve', '--port', '0'], db), message, 'store_unavailable');
    const worker = waybill(['worker'], db);
    expect(worker.signal).toBeNull();
    expect(worker.stderr.trim().split('\n')).toEqual([`waybill: the run queue needs PostgreSQL: give --db postgres://... or WAYBILL_DB=postgres://..., got "${db}"`]);
    expect(worker.code).toBe(2);
  });

  it('a directory given as the database path, which is left empty', () => {
    const dir = join(temp.dir, 'a-directory.db');
    mkdirSync(dir);
    const message = `${dir} is a directory, not a Waybill database file; point WAYBILL_DB (or --db) at a file, such as ${join(dir, 'waybill.db')}`;
    expectNamedFailure(waybill(['ask', QUESTION], dir), message, 'store_unavailable');
    expectNamedFailure(waybill(['serve', '--port', '0'], dir), message, 'store_unavailable');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a directory this user cannot create files in', () => {
    // Root writes through permission bits, so a chmod would prove nothing there; /proc refuses new
    // files to every user, root included.
    let parent = '/proc';
    if (process.getuid?.() !== 0) {
      parent = join(temp.dir, 'read-only');
      mkdirSync(parent);
      chmodSync(parent, 0o555);
    }
    const db = join(parent, 'waybill.db');
    const message = `cannot open the Waybill database at ${db}: unable to open database file (check that ${parent} is a directory this user can read and write)`;
    expectNamedFailure(waybill(['ask', QUESTION], db), message, 'store_unavailable');
  });

  it('a file that is not a SQLite database, which is left byte for byte as it was', () => {
    const db = join(temp.dir, 'garbage.db');
    const bytes = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256));
    writeFileSync(db, bytes);
    const message = `${db} is not a readable SQLite database (SQLITE_NOTADB); move it aside or point WAYBILL_DB elsewhere`;
    expectNamedFailure(waybill(['ask', QUESTION], db), message, 'store_corrupt');
    expectNamedFailure(waybill(['serve', '--port', '0'], db), message, 'store_corrupt');
    expect(readFileSync(db).equals(bytes)).toBe(true);
    expect(readdirSync(temp.dir).filter((name) => name.startsWith('garbage.db'))).toEqual(['garbage.db']);
  });
});
