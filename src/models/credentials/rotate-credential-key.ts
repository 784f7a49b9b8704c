import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { appendNewKey } from '../../domain/audit/audit-keyring.js';
import { CredentialKeyError } from './credential-key-error.js';
import type { CredentialKey } from './credential-keyring.js';
import { loadCredentialKeyring } from './credential-keyring.js';
import { credentialKeyringFor, openTenantEndpointRows } from './open-tenant-endpoints.js';
import { sealedKeyId } from './seal-secret.js';
import { TenantEndpoints } from './tenant-endpoints.js';
import { makeDirectory } from '../../storage/make-directory.js';

/** What a rotation did: the key file, the key that sealed before and the new one, and the endpoints re-sealed. */
export interface CredentialKeyRotation {
  file: string;
  from: string;
  to: string;
  resealed: number;
  /** Endpoints already under the new key (set while the rotation ran). */
  already: number;
  /** Tenants whose endpoint is still under another key (see TenantEndpoints.resealAll); empty when done. */
  left: string[];
  /** True when the key that sealed came from WAYBILL_CREDENTIAL_KEY and was copied into `file` first. */
  movedFromEnv: boolean;
}

/**
 * Rotates the credential key of the tenants' endpoints at `location`: a new key is appended to the key
 * file (the last line seals, so every process reading the file seals with it from its next `set`), every
 * endpoint is re-sealed under it, and the old keys stay in the file, so values sealed under them open
 * until they are re-sealed, in this process and in every other. When the sealing key comes from
 * WAYBILL_CREDENTIAL_KEY, `file` is where it is copied first (the environment cannot be rotated in
 * place). Throws CredentialKeyError when there is no file to rotate or a value does not open.
 */
export async function rotateCredentialKey(location: string, options: { env?: NodeJS.ProcessEnv; file?: string } = {}): Promise<CredentialKeyRotation> {
  const env = options.env ?? process.env;
  const ring = credentialKeyringFor(location, env);
  const fromEnv = ring.source === 'WAYBILL_CREDENTIAL_KEY';
  if (ring.file === undefined) throw new CredentialKeyError('an in-memory database has no credential key file to rotate');
  if (fromEnv && options.file === undefined) throw new CredentialKeyError('the sealing key comes from WAYBILL_CREDENTIAL_KEY: pass --file <path> to move it into a key file and rotate there');
  const file = resolve(options.file ?? ring.file);
  if (!fromEnv && file !== resolve(ring.file)) throw new CredentialKeyError(`--file: the keys in use are in ${ring.file}; rotate there (without --file) so that the older keys stay with the new one`);
  // The key that sealed so far: created (for a default file never used) so that the rotation has one to rotate from.
  const current = ring.sealing();
  // The environment's key, and any other key a stored value is sealed under, go into the file first, so
  // that the file alone opens every value.
  if (fromEnv) for (const id of new Set([current.id, ...(await storedKeyIds(location))])) copyKey(file, ring.find(id));
  const to = appendNewKey(file, 'c');
  const endpoints = new TenantEndpoints(await openTenantEndpointRows(location), loadCredentialKeyring({ env: { WAYBILL_CREDENTIAL_KEY_FILE: file } }));
  try {
    const { resealed, already, left } = await endpoints.resealAll();
    return { file, from: current.id, to, resealed, already, left, movedFromEnv: fromEnv };
  } finally {
    await endpoints.close();
  }
}

const keyLines = (path: string): string[] => readFileSync(path, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));

// Adds a key line unless the file holds it already (mode 0600 for a new file).
function appendLine(path: string, line: string): void {
  if (existsSync(path) && keyLines(path).includes(line)) return;
  makeDirectory(dirname(path));
  appendFileSync(path, `${line}\n`, { mode: 0o600 });
}

// A key the keyring does not hold is left out: re-sealing the value under it then says so (CredentialKeyError).
function copyKey(path: string, key: CredentialKey | undefined): void {
  if (key) appendLine(path, `${key.id} ${key.secret.toString('base64url')}`);
}

async function storedKeyIds(location: string): Promise<string[]> {
  const rows = await openTenantEndpointRows(location);
  try {
    return (await rows.list()).map((row) => sealedKeyId(row.sealed)).filter((id): id is string => id !== undefined);
  } finally {
    await rows.close();
  }
}
