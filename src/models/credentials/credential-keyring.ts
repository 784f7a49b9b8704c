import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { newKeyLine } from '../../domain/audit/audit-keyring.js';
import { CredentialKeyError } from './credential-key-error.js';
import { makeDirectory } from '../../storage/make-directory.js';

/** One key that seals tenants' model credentials: its id (stored with every sealed value) and 32 bytes for AES-256-GCM. */
export interface CredentialKey {
  id: string;
  secret: Buffer;
}

/**
 * The keys of the credential store, kept outside the database (as the audit keys are): a copy of the
 * database alone does not reveal a tenant's API key.
 */
export interface CredentialKeyring {
  /** The key new values are sealed with; the default key file is created on first use (mode 0600). */
  sealing(): CredentialKey;
  /** A key by id, or undefined when this keyring does not hold it (nothing is created). */
  find(id: string): CredentialKey | undefined;
  /** Where the keys come from, for messages: `WAYBILL_CREDENTIAL_KEY`, a file path, or `memory`. */
  readonly source: string;
  /** The key file read (named or default, existing or not); undefined for an in-memory database. */
  readonly file: string | undefined;
}

/** The default key file's name, beside the SQLite file (or in the default data directory, for PostgreSQL). */
export const CREDENTIAL_KEY_FILE = 'credentials.key';

const KEY_LINE = /^(c[A-Za-z0-9_-]{1,40})\s+([A-Za-z0-9_-]{43})$/;
const MIN_ENV_SECRET = 16;

// An environment secret of any length becomes 32 bytes; its id is a fingerprint, so the same secret always has the same id.
const derived = (label: string, secret: string): Buffer => createHash('sha256').update(`waybill credential ${label}\n${secret}`).digest();

function readKeyFile(path: string): CredentialKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CredentialKeyError(`credential key file ${path} cannot be read: ${(error as Error).message}`);
  }
  const keys: CredentialKey[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = KEY_LINE.exec(line);
    if (!match) throw new CredentialKeyError(`credential key file ${path}, line ${index + 1}: expected "<key id> <secret>" (an id c…, a base64url secret of 32 bytes)`);
    keys.push({ id: match[1] as string, secret: Buffer.from(match[2] as string, 'base64url') });
  });
  return keys;
}

// Written to a private temporary file and linked into place: a concurrent reader never sees half a file, and of two creators one wins.
function createKeyFile(path: string): void {
  makeDirectory(dirname(path));
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `# Waybill credential keys: "<key id> <secret>" per line, the last one seals. Losing this file loses the tenants' stored model keys.\n${newKeyLine('c')}`, { mode: 0o600, flag: 'wx' });
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new CredentialKeyError(`credential key file ${path} cannot be created: ${(error as Error).message}`);
  } finally {
    rmSync(temporary, { force: true });
  }
}


export interface CredentialKeyringOptions {
  env?: NodeJS.ProcessEnv;
  /** The directory the default key file lives in (that of the SQLite file); undefined: memory only. */
  defaultDir?: string;
}

/**
 * The keyring the environment names. WAYBILL_CREDENTIAL_KEY (a secret of at least 16 characters) seals
 * when set; WAYBILL_CREDENTIAL_KEY_FILE names a key file ("<id> <secret>" per line, the last seals),
 * which must exist; with neither, `<defaultDir>/credentials.key`, created with mode 0600 on the first
 * value sealed. Without a directory (an in-memory database) a random key lives as long as the process.
 * Throws CredentialKeyError for a short environment secret or a missing named file.
 */
export function loadCredentialKeyring(options: CredentialKeyringOptions = {}): CredentialKeyring {
  const env = options.env ?? process.env;
  const envSecret = env.WAYBILL_CREDENTIAL_KEY?.trim();
  if (envSecret !== undefined && envSecret !== '' && envSecret.length < MIN_ENV_SECRET) {
    throw new CredentialKeyError(`WAYBILL_CREDENTIAL_KEY is ${envSecret.length} characters long; use at least ${MIN_ENV_SECRET} (for example: openssl rand -base64 32)`);
  }
  const envKey = envSecret ? { id: `cenv-${derived('key id', envSecret).toString('hex').slice(0, 12)}`, secret: derived('key', envSecret) } : undefined;
  const explicit = env.WAYBILL_CREDENTIAL_KEY_FILE?.trim() || undefined;
  if (explicit && !existsSync(explicit)) throw new CredentialKeyError(`WAYBILL_CREDENTIAL_KEY_FILE names ${explicit}, which does not exist`);
  const path = explicit ?? (options.defaultDir === undefined ? undefined : join(options.defaultDir, CREDENTIAL_KEY_FILE));
  const memory = !envKey && path === undefined ? { id: `cmem-${randomBytes(4).toString('hex')}`, secret: randomBytes(32) } : undefined;
  const fileKeys = (): CredentialKey[] => (path !== undefined && existsSync(path) ? readKeyFile(path) : []);
  return {
    source: envKey ? 'WAYBILL_CREDENTIAL_KEY' : (path ?? 'memory'),
    file: path,
    sealing() {
      if (envKey) return envKey;
      if (memory || path === undefined) return memory as CredentialKey;
      if (!existsSync(path)) {
        if (explicit) throw new CredentialKeyError(`credential key file ${explicit} does not exist`);
        createKeyFile(path);
      }
      const held = fileKeys();
      const last = held[held.length - 1];
      if (!last) throw new CredentialKeyError(`credential key file ${path} holds no key`);
      return last;
    },
    find(id) {
      if (envKey?.id === id) return envKey;
      if (memory?.id === id) return memory;
      return fileKeys().find((key) => key.id === id);
    },
  };
}
