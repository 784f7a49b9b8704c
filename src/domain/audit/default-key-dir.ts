import { dirname } from 'node:path';
import { locateDb } from '../resolve-db-path.js';

/**
 * Where the default audit key file goes when the database is PostgreSQL (no file of its own): the
 * directory the embedded database would use here (`./.waybill/` in a project, else the user's data
 * directory). Several machines writing one database must share one key: set WAYBILL_AUDIT_KEY_FILE.
 */
export function defaultKeyDir(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  return dirname(locateDb({ ...env, WAYBILL_DB: '' }, cwd).path);
}
