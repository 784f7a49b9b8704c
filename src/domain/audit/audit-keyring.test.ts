import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir.js';
import { appendNewKey, AuditKeyError, loadAuditKeyring } from './audit-keyring.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
const tempDir = () => {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  return temp.dir;
};

describe('the audit keyring', () => {
  it('creates audit.key (mode 0600) beside the database on the first entry, and every process reads the same key', () => {
    const dir = tempDir();
    const first = loadAuditKeyring({ env: {}, defaultDir: dir });
    expect(first.find('k20260101-00000000')).toBeUndefined();
    const key = first.signing();
    expect(statSync(join(dir, 'audit.key')).mode & 0o777).toBe(0o600);
    expect(key.secret.length).toBe(32);
    const second = loadAuditKeyring({ env: {}, defaultDir: dir });
    expect(second.signing()).toEqual(key);
    expect(second.find(key.id)).toEqual(key);
  });

  it('rotates: the newest key signs, the older ones are still found, also by a keyring loaded before', () => {
    const dir = tempDir();
    const ring = loadAuditKeyring({ env: {}, defaultDir: dir });
    const old = ring.signing();
    const next = appendNewKey(join(dir, 'audit.key'));
    expect(next).not.toBe(old.id);
    expect(ring.signing().id).toBe(next);
    expect(ring.find(old.id)).toEqual(old);
  });

  it('takes WAYBILL_AUDIT_KEY as the signing key (an id from its fingerprint) and still reads older keys from the file', () => {
    const dir = tempDir();
    const fileKey = loadAuditKeyring({ env: {}, defaultDir: dir }).signing();
    const ring = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'a secret from the secret store' }, defaultDir: dir });
    expect(ring.signing().id).toMatch(/^kenv-[0-9a-f]{12}$/);
    expect(ring.signing().id).toBe(loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'a secret from the secret store' } }).signing().id);
    expect(ring.find(fileKey.id)).toEqual(fileKey);
    expect(ring.file).toBeUndefined();
  });

  it('refuses a short environment key, a missing or malformed key file, by name', () => {
    const dir = tempDir();
    expect(() => loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'short' } })).toThrow(new AuditKeyError('WAYBILL_AUDIT_KEY is 5 characters long; use at least 16 (for example: openssl rand -base64 32)'));
    expect(() => loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY_FILE: join(dir, 'none.key') } })).toThrow(/WAYBILL_AUDIT_KEY_FILE names .*none\.key, which does not exist/);
    const bad = join(dir, 'bad.key');
    writeFileSync(bad, '# comment\nnot a key line\n');
    expect(() => loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY_FILE: bad } }).signing()).toThrow(/bad\.key, line 2: expected "<key id> <secret>"/);
    writeFileSync(bad, '# only a comment\n');
    expect(() => loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY_FILE: bad } }).signing()).toThrow(/holds no key/);
    expect(readFileSync(bad, 'utf8')).toBe('# only a comment\n');
  });
});
