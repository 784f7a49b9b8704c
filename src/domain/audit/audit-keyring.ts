import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeDirectory } from '../../storage/make-directory.js';

/** One key of the audit trail: its id (recorded in every entry it signs) and its secret. */
export interface AuditKey {
  id: string;
  secret: Buffer;
}

/** A key the audit trail cannot be signed or checked without: its file is missing, unreadable or malformed. */
export class AuditKeyError extends Error {
  readonly code = 'AUDIT_KEY';
}

/**
 * The keys of the audit trail, kept outside the database: entries are HMAC-SHA256 under the signing key,
 * and every key that ever signed stays here so older entries still verify after a rotation.
 */
export interface AuditKeyring {
  /** The key new entries are signed with; a default key file is created on first use (mode 0600). */
  signing(): AuditKey;
  /** A key by id, or undefined when this keyring does not hold it (nothing is created). */
  find(id: string): AuditKey | undefined;
  /** Where the keys come from, for messages: `WAYBILL_AUDIT_KEY`, a file path, or `memory`. */
  readonly source: string;
  /** The key file `rotate-key` appends to; undefined when the signing key comes from the environment or memory. */
  readonly file: string | undefined;
}

/** The default key file's name, in the directory of the SQLite file (or of the default one, for PostgreSQL). */
export const DEFAULT_KEY_FILE = 'audit.key';

const KEY_LINE = /^(k[A-Za-z0-9_-]{1,40})\s+([A-Za-z0-9_-]{22,})$/;
const MIN_ENV_SECRET = 16;

/** The id of the key in WAYBILL_AUDIT_KEY: a fingerprint of the secret, so the same secret always has the same id. */
const envKeyId = (secret: string): string => `kenv-${createHash('sha256').update(`waybill audit key id\n${secret}`).digest('hex').slice(0, 12)}`;

/** HMAC-SHA256 (hex) of `text` under `key`. */
export const keyedHash = (key: AuditKey, text: string): string => createHmac('sha256', key.secret).update(text).digest('hex');

function parseKeyFile(path: string, text: string): AuditKey[] {
  const keys: AuditKey[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = KEY_LINE.exec(line);
    if (!match) throw new AuditKeyError(`audit key file ${path}, line ${index + 1}: expected "<key id> <secret>" (an id k…, a base64url secret of at least 16 bytes)`);
    keys.push({ id: match[1] as string, secret: Buffer.from(match[2] as string, 'base64url') });
  });
  return keys;
}

/**
 * A new key file line, `<prefix><yyyymmdd>-<8 hex> <32 random bytes, base64url>`: the format of the audit
 * keys (`k`) and of the credential keys (`c`, credential-keyring.ts), which share this file's helpers.
 */
export const newKeyLine = (prefix: 'k' | 'c' = 'k'): string => `${prefix}${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex')} ${randomBytes(32).toString('base64url')}\n`;

/**
 * Appends a new key to `path` (creating the file, mode 0600, when it does not exist) and returns its id:
 * it signs (`k`, audit) or seals (`c`, credentials) from now on, and the keys before it stay in the file
 * to verify, or open, what they signed or sealed.
 */
export function appendNewKey(path: string, prefix: 'k' | 'c' = 'k'): string {
  makeDirectory(dirname(path));
  const line = newKeyLine(prefix);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  // The whole new file is written aside and renamed into place: a process reading the keys while a
  // rotation runs (a serve signing entries) sees the old file or the new one, never half a line.
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${line}`, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
  return line.split(' ')[0] as string;
}

/** A key file read on demand, and read again when it changes (a rotation by another process). */
class FileKeys {
  #mtime = -1;
  #keys: AuditKey[] = [];
  constructor(readonly path: string) {}

  keys(): AuditKey[] {
    let mtime: number;
    try {
      mtime = statSync(this.path).mtimeMs;
    } catch {
      return [];
    }
    if (mtime !== this.#mtime) {
      try {
        this.#keys = parseKeyFile(this.path, readFileSync(this.path, 'utf8'));
      } catch (error) {
        if (error instanceof AuditKeyError) throw error;
        throw new AuditKeyError(`audit key file ${this.path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.#mtime = mtime;
    }
    return this.#keys;
  }

  /**
   * Creates the file with one key unless another process did first. The key is written to a private
   * temporary file and linked into place, so a concurrent reader never sees a half-written file.
   */
  create(): void {
    makeDirectory(dirname(this.path));
    const temporary = `${this.path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, `# Waybill audit keys: "<key id> <secret>" per line, the last one signs. Keep every line: older entries verify with them.\n${newKeyLine()}`, { mode: 0o600, flag: 'wx' });
      linkSync(temporary, this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new AuditKeyError(`audit key file ${this.path} cannot be created: ${(error as Error).message}`);
    } finally {
      rmSync(temporary, { force: true });
    }
  }
}

export interface KeyringOptions {
  env?: NodeJS.ProcessEnv;
  /** The directory the default key file lives in (that of the SQLite file); undefined: memory only. */
  defaultDir?: string;
}

/**
 * The keyring the environment names. WAYBILL_AUDIT_KEY (a secret of at least 16 characters) signs when
 * set; WAYBILL_AUDIT_KEY_FILE names a key file (one "<id> <secret>" per line, the last signs unless the
 * environment key is set), which must exist; with neither, `<defaultDir>/audit.key`, created with mode
 * 0600 on the first entry signed. Without a directory (an in-memory database) a random key lives only
 * as long as the process.
 */
export function loadAuditKeyring(options: KeyringOptions = {}): AuditKeyring {
  const env = options.env ?? process.env;
  const envSecret = env.WAYBILL_AUDIT_KEY?.trim();
  if (envSecret !== undefined && envSecret !== '' && envSecret.length < MIN_ENV_SECRET) {
    throw new AuditKeyError(`WAYBILL_AUDIT_KEY is ${envSecret.length} characters long; use at least ${MIN_ENV_SECRET} (for example: openssl rand -base64 32)`);
  }
  const envKey = envSecret ? { id: envKeyId(envSecret), secret: Buffer.from(envSecret, 'utf8') } : undefined;
  const explicit = env.WAYBILL_AUDIT_KEY_FILE?.trim() || undefined;
  if (explicit && !existsSync(explicit)) {
    throw new AuditKeyError(`WAYBILL_AUDIT_KEY_FILE names ${explicit}, which does not exist (create it with: waybill audit rotate-key)`);
  }
  // The default file is read for older entries even when the environment key signs.
  const path = explicit ?? (options.defaultDir === undefined ? undefined : join(options.defaultDir, DEFAULT_KEY_FILE));
  const file = path === undefined ? undefined : new FileKeys(path);
  const memory = !envKey && !file ? { id: `kmem-${randomBytes(4).toString('hex')}`, secret: randomBytes(32) } : undefined;
  return {
    source: envKey ? 'WAYBILL_AUDIT_KEY' : (path ?? 'memory'),
    file: envKey ? undefined : path,
    signing() {
      if (envKey) return envKey;
      if (memory || !file) return memory as AuditKey;
      const held = file.keys();
      if (held.length > 0) return held[held.length - 1] as AuditKey;
      if (explicit) throw new AuditKeyError(`audit key file ${explicit} holds no key (add one with: waybill audit rotate-key)`);
      file.create();
      const created = file.keys();
      if (created.length === 0) throw new AuditKeyError(`audit key file ${file.path} holds no key`);
      return created[created.length - 1] as AuditKey;
    },
    find(id) {
      if (envKey?.id === id) return envKey;
      if (memory?.id === id) return memory;
      return file?.keys().find((key) => key.id === id);
    },
  };
}
