import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isPostgresUrl } from '../storage/database-location.js';

/** Where the embedded database lives inside a project directory (relative to it). */
const DEFAULT_DB_PATH = '.waybill/waybill.db';

/** Which rule chose the database file; logged so that nobody has to guess. */
export type DbPathSource = 'WAYBILL_DB' | 'project' | 'user data';

/**
 * The database file and why: WAYBILL_DB when set; else `./.waybill/waybill.db` when the working
 * directory is a Waybill project directory ({@link isProjectDirectory}); else the user's data directory
 * (`$XDG_DATA_HOME/waybill/waybill.db`, by default `~/.local/share/waybill/waybill.db`). The last rule is
 * what an MCP client gets when it starts `waybill mcp` in a directory of its own: the user's one
 * database, never a new `.waybill/` beside the client.
 */
export function locateDb(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): { path: string; source: DbPathSource } {
  const configured = env.WAYBILL_DB?.trim();
  // A PostgreSQL URL is not a path: it is passed on as it is.
  if (configured === ':memory:' || (configured && isPostgresUrl(configured))) return { path: configured, source: 'WAYBILL_DB' };
  if (configured) return { path: resolve(cwd, configured), source: 'WAYBILL_DB' };
  if (isProjectDirectory(cwd)) return { path: resolve(cwd, DEFAULT_DB_PATH), source: 'project' };
  const dataHome = env.XDG_DATA_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.local', 'share');
  return { path: resolve(dataHome, 'waybill', 'waybill.db'), source: 'user data' };
}

/** The database path from the environment; see {@link locateDb} for the rules. */
export function resolveDbPath(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  return locateDb(env, cwd).path;
}

/**
 * A Waybill project directory: one that already has a `.waybill/` folder, or whose package.json is
 * Waybill's own (a clone of this repository).
 */
export function isProjectDirectory(dir: string): boolean {
  if (existsSync(join(dir, '.waybill'))) return true;
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && (manifest as { name?: unknown }).name === 'waybill';
  } catch {
    return false;
  }
}
