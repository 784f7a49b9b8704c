import { describe, expect, it } from 'vitest';
import { databaseLocation, isPostgresUrl, redactLocation } from './database-location.js';

describe('databaseLocation', () => {
  it('selects PostgreSQL for a postgres:// or postgresql:// URL and SQLite for anything else', () => {
    expect(databaseLocation('postgres://postgres@127.0.0.1:5432/test')).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(databaseLocation(' POSTGRESQL://u@h/db ').kind).toBe('postgres');
    expect(databaseLocation('/tmp/waybill.db')).toEqual({ kind: 'sqlite', path: '/tmp/waybill.db' });
    expect(databaseLocation(':memory:').kind).toBe('sqlite');
    expect(databaseLocation('postgres.db').kind).toBe('sqlite');
    expect(isPostgresUrl('sqlite:x.db')).toBe(false);
  });

  it('never shows a password', () => {
    expect(redactLocation('postgres://ann:s3cret@db.example:5432/waybill')).toBe('postgres://ann:***@db.example:5432/waybill');
    expect(redactLocation('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(redactLocation('/data/waybill.db')).toBe('/data/waybill.db');
  });
});
