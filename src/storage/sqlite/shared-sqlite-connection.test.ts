import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir.js';
import { holdSqliteFile, openSqliteDatabase } from './open-sqlite-database.js';

const createTable = (name: string) => [(db: { exec(sql: string): unknown }) => void db.exec(`CREATE TABLE ${name} (x INTEGER)`)];
// A hold delegates to the process's connection: the connection is the hold's prototype.
const connectionOf = (hold: object) => Object.getPrototypeOf(hold) as object;

describe('one SQLite connection per file in a process', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path: string;
  beforeEach(() => {
    temp = makeTempDir();
    path = join(temp.dir, 'waybill.db');
  });
  afterEach(() => temp.cleanup());

  it('gives every store on a file a hold on one connection, each component migrated on it', () => {
    const a = openSqliteDatabase(path, 'a', createTable('a_rows'));
    const b = openSqliteDatabase(join(temp.dir, '.', 'waybill.db'), 'b', createTable('b_rows'));
    const saver = holdSqliteFile(path);
    expect(connectionOf(b)).toBe(connectionOf(a));
    expect(connectionOf(saver)).toBe(connectionOf(a));
    a.prepare('INSERT INTO b_rows (x) VALUES (1)').run();
    expect(b.prepare('SELECT x FROM b_rows').all()).toEqual([{ x: 1 }]);
    expect(b.prepare('SELECT component, version FROM waybill_schema ORDER BY component').all()).toEqual([
      { component: 'a', version: 1 },
      { component: 'b', version: 1 },
    ]);
    // One store's transaction on the shared connection is one transaction for all of them.
    expect(() =>
      a.transaction(() => {
        b.prepare('INSERT INTO a_rows (x) VALUES (2)').run();
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(a.prepare('SELECT count(*) AS n FROM a_rows').get()).toEqual({ n: 0 });
    for (const hold of [a, b, saver]) hold.close();
  });

  it('a closed hold is closed for its store only; the last one closes the connection', () => {
    const a = openSqliteDatabase(path, 'a', createTable('a_rows'));
    const b = openSqliteDatabase(path, 'b', createTable('b_rows'));
    a.close();
    a.close();
    expect(a.open).toBe(false);
    expect(() => a.prepare('SELECT 1')).toThrow('The database connection is not open');
    expect(() => a.transaction(() => undefined)).toThrow('The database connection is not open');
    expect(b.open).toBe(true);
    expect(b.prepare('SELECT count(*) AS n FROM a_rows').get()).toEqual({ n: 0 });
    const shared = connectionOf(b) as { open: boolean };
    b.close();
    expect(shared.open).toBe(false);
    // Opened again after the last hold went: a new connection.
    const c = openSqliteDatabase(path, 'a', createTable('a_rows'));
    expect(connectionOf(c)).not.toBe(shared);
    expect(c.open).toBe(true);
    c.close();
  });

  it('keeps `:memory:` databases private and opens the checkpointer its own connection when no store has the file', () => {
    const a = openSqliteDatabase(':memory:', 'a', createTable('a_rows'));
    const b = openSqliteDatabase(':memory:', 'a', createTable('a_rows'));
    a.prepare('INSERT INTO a_rows (x) VALUES (1)').run();
    expect(b.prepare('SELECT count(*) AS n FROM a_rows').get()).toEqual({ n: 0 });
    // The checkpointer's own connection is not registered for others to share.
    const alone = holdSqliteFile(path);
    const again = holdSqliteFile(path);
    expect(connectionOf(alone)).toBe(Database.prototype);
    expect(connectionOf(again)).toBe(Database.prototype);
    for (const db of [a, b, alone, again]) db.close();
  });
});
