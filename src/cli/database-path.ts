import { resolve } from 'node:path';
import type { DbPathSource } from '../domain/resolve-db-path.js';
import { isPostgresUrl, redactLocation } from '../storage/database-location.js';
import { locateDb } from '../domain/resolve-db-path.js';
import { createStderrLogger } from '../mcp/stderr-logger.js';

let announced: string | undefined;

/**
 * The database file (or `postgres://` URL) this command opens (`--db` when given, else {@link locateDb}'s rules), announced
 * once per process as one JSON line on stderr at info level (WAYBILL_LOG_LEVEL=warn silences it), so
 * that nobody has to guess which file a command, or an MCP client's `waybill mcp`, is using. stdout is
 * left alone: `--json` output and the stdio protocol stay clean.
 */
export function databasePath(explicit?: string): string {
  const located: { path: string; source: DbPathSource | '--db' } = explicit?.trim() ? { path: isPostgresUrl(explicit) ? explicit.trim() : resolve(explicit.trim()), source: '--db' } : locateDb();
  if (announced !== located.path) {
    announced = located.path;
    createStderrLogger().info('database', { path: redactLocation(located.path), source: located.source });
  }
  return located.path;
}
