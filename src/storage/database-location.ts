/**
 * What `WAYBILL_DB` / `--db` names: a `postgres://` (or `postgresql://`) URL selects PostgreSQL for every
 * store, anything else is the embedded SQLite file (the default, unchanged).
 */
export type DatabaseLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** True when `location` is a PostgreSQL connection URL rather than a file path. */
export function isPostgresUrl(location: string): boolean {
  return POSTGRES_URL.test(location.trim());
}

/** The backend a database location selects; the one place that turns `WAYBILL_DB`/`--db` into a backend. */
export function databaseLocation(location: string): DatabaseLocation {
  const trimmed = location.trim();
  return isPostgresUrl(trimmed) ? { kind: 'postgres', url: trimmed } : { kind: 'sqlite', path: location };
}

/** The location as it may be logged or shown: a URL's password is replaced by `***`. */
export function redactLocation(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return location.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  }
}
