import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_KEY_FILE } from './audit-keyring.js';
import { defaultKeyDir } from './default-key-dir.js';

const isKeyLine = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');

/**
 * After `waybill db copy`: the keys that signed the SQLite file's chain go where the PostgreSQL side
 * reads its keys, so the copied chain verifies there. Keys the target file lacks are put before its
 * own (its signing key stays the last line); a missing target file is created (mode 0600). Says what it did.
 */
export function carryAuditKeys(sqlitePath: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.WAYBILL_AUDIT_KEY_FILE?.trim();
  const from = explicit || join(dirname(resolve(sqlitePath)), DEFAULT_KEY_FILE);
  const to = explicit || join(defaultKeyDir(env), DEFAULT_KEY_FILE);
  if (resolve(from) === resolve(to)) return `audit keys: both sides read ${to}`;
  if (!existsSync(from)) return `audit keys: none beside ${sqlitePath} (${from}); the copied chain verifies with the key that signed it wherever that is`;
  const carried = readFileSync(from, 'utf8').split('\n').filter(isKeyLine).map((line) => line.trim());
  const current = existsSync(to) ? readFileSync(to, 'utf8').split('\n') : [];
  const held = new Set(current.filter(isKeyLine).map((line) => line.trim()));
  const missing = carried.filter((line) => !held.has(line));
  if (missing.length === 0) return `audit keys: ${to} already holds the ${carried.length} key(s) of ${from}`;
  const comments = current.filter((line) => !isKeyLine(line) && line.trim() !== '');
  const own = current.filter(isKeyLine);
  writeFileSync(to, `${[...comments, ...missing, ...own].join('\n')}\n`, { mode: 0o600 });
  return `audit keys: ${missing.length} key(s) of ${from} added to ${to}, so the copied chain verifies on PostgreSQL (copy that file to every machine that writes or verifies it)`;
}
