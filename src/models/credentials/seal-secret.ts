import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CredentialKeyError } from './credential-key-error.js';
import type { CredentialKey, CredentialKeyring } from './credential-keyring.js';

// Format version 1: "v1.<key id>.<iv>.<tag>.<ciphertext>", base64url parts, AES-256-GCM with a 96-bit random iv.
const VERSION = 'v1';

/**
 * Seals `plain` under `key` with AES-256-GCM. `context` (the tenant, say) is authenticated but not
 * stored: a sealed value moved to another row does not open there.
 */
export function sealSecret(key: CredentialKey, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.secret, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The id of the key `sealed` was sealed under, or undefined when it is not in a format this Waybill reads. */
export function sealedKeyId(sealed: string): string | undefined {
  const [version, keyId] = sealed.split('.');
  return version === VERSION ? keyId : undefined;
}

/**
 * Opens a value `sealSecret` made, under the same `context`. Throws CredentialKeyError when the value
 * is malformed, its key is not in `keyring`, or it does not authenticate (altered, or another context).
 */
export function openSealed(keyring: CredentialKeyring, sealed: string, context: string): string {
  const [version, keyId, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || keyId === undefined || iv === undefined || tag === undefined || body === undefined) throw new CredentialKeyError('a stored credential is not in a format this Waybill reads');
  const key = keyring.find(keyId);
  if (!key) throw new CredentialKeyError(`a stored credential is sealed under key ${keyId}, which ${keyring.source} does not hold`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.secret, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new CredentialKeyError(`a stored credential under key ${keyId} does not authenticate (altered, or moved from another tenant)`);
  }
}
