import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './cache-prepared-statements.js';

describe('cachePreparedStatements', () => {
  it('compiles each SQL text once per connection', () => {
    const db = cachePreparedStatements(new Database(':memory:'));
    db.exec('CREATE TABLE t (x INTEGER)');
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
    expect(db.prepare('INSERT INTO t (x) VALUES (?)')).toBe(insert);
    insert.run(1);
    db.prepare('INSERT INTO t (x) VALUES (?)').run(2);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2 });
    db.close();
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const db = cachePreparedStatements(new Database(':memory:'));
    db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)');
    const pairs: number[][] = [];
    for (const row of db.prepare('SELECT x FROM t ORDER BY x').iterate() as IterableIterator<{ x: number }>) {
      const inner = db.prepare('SELECT x FROM t ORDER BY x').all() as Array<{ x: number }>;
      pairs.push([row.x, inner.length]);
    }
    expect(pairs).toEqual([
      [1, 2],
      [2, 2],
    ]);
    db.close();
  });

  it('patches a connection once', () => {
    const db = new Database(':memory:');
    expect(cachePreparedStatements(cachePreparedStatements(db))).toBe(db);
    const first = db.prepare('SELECT 1');
    expect(db.prepare('SELECT 1')).toBe(first);
    db.close();
  });
});
