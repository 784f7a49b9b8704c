import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_KEY_FILE } from './audit-keyring.js';
import { defaultKeyDir } from './default-key-dir.js';
import { makeDirectory } from '../../storage/make-directory.js';

const isKeyLine = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');

/** How `carryKeyLines` names what it carried: the keys, the message without a source file, what the carried keys are for. */
interface CarriedKeys {
  what: string;
  none: string;
  purpose: string;
}

/**
 * Puts the key lines of the file `from` that `to` lacks into `to`, before its own, so a key file whose
 * last line is the one in use keeps it (a missing target file is created, mode 0600). Comments of `to`
 * are kept. Says what it did. Shared by the audit and credential keys `waybill db copy` carries.
 */
export function carryKeyLines(from: string, to: string, words: CarriedKeys): string {
  if (resolve(from) === resolve(to)) return `${words.what}: both sides read ${to}`;
  if (!existsSync(from)) return `${words.what}: ${words.none}`;
  const carried = readFileSync(from, 'utf8').split('\n').filter(isKeyLine).map((line) => line.trim());
  const current = existsSync(to) ? readFileSync(to, 'utf8').split('\n') : [];
  const held = new Set(current.filter(isKeyLine).map((line) => line.trim()));
  const missing = carried.filter((line) => !held.has(line));
  if (missing.length === 0) return `${words.what}: ${to} already holds the ${carried.length} key(s) of ${from}`;
  const comments = current.filter((line) => !isKeyLine(line) && line.trim() !== '');
  const own = current.filter(isKeyLine);
  makeDirectory(dirname(to));
  writeFileSync(to, `${[...comments, ...missing, ...own].join('\n')}\n`, { mode: 0o600 });
  return `${words.what}: ${missing.length} key(s) of ${from} added to ${to}, ${words.purpose} (copy that file to every machine that writes or verifies it)`;
}

/**
 * After `waybill db copy`: the keys that signed the SQLite file's chain go where the PostgreSQL side
 * reads its keys, so the copied chain verifies there. Keys the target file lacks are put before its
 * own (its signing key stays the last line); a missing target file is created (mode 0600). Says what it did.
 */
export function carryAuditKeys(sqlitePath: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.WAYBILL_AUDIT_KEY_FILE?.trim();
  const from = explicit || join(dirname(resolve(sqlitePath)), DEFAULT_KEY_FILE);
  const to = explicit || join(defaultKeyDir(env), DEFAULT_KEY_FILE);
  return carryKeyLines(from, to, {
    what: 'audit keys',
    none: `none beside ${sqlitePath} (${from}); the copied chain verifies with the key that signed it wherever that is`,
    purpose: 'so the copied chain verifies on PostgreSQL',
  });
}
