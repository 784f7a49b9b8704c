import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command } from 'commander';
import { openStore } from './open-audit-store.js';
import { UsageError } from './usage-error.js';
import { makeDirectory } from '../storage/make-directory.js';

/**
 * `waybill audit rotate-key` (a new signing key, the old ones kept for verification) and
 * `waybill audit seal` (the explicit step for a chain written before keys: its unkeyed entries are
 * checked once and sealed by a keyed entry).
 */
export function auditKeyCommands(): Command[] {
  const rotate = new Command('rotate-key')
    .description('add a new signing key to the key file (older keys stay there, so older entries still verify) and record the rotation in the chain')
    .option('--file <path>', 'the key file to write when the signing key comes from WAYBILL_AUDIT_KEY: the current key is copied there first; then set WAYBILL_AUDIT_KEY_FILE to it and unset WAYBILL_AUDIT_KEY')
    .action(async (options: { file?: string }) => {
      const { appendNewKey, loadAuditKeyring, openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const path = resolveDbPath();
      const store = await openStore(() => openDomainStore({ path }));
      const ring = store.audit.keyring;
      let current: { id: string; secret: Buffer };
      try {
        current = ring.signing();
      } finally {
        await store.close();
      }
      const chosen = options.file ?? ring.file;
      const target = chosen === undefined ? undefined : resolve(chosen);
      if (target === undefined) {
        throw new UsageError(ring.source === 'memory' ? 'an in-memory database has no key file to rotate' : 'the signing key comes from WAYBILL_AUDIT_KEY: pass --file <path> to move it into a key file and rotate there');
      }
      if (ring.file !== undefined && target !== resolve(ring.file)) throw new UsageError(`--file: the keys in use are in ${ring.file}; rotate there (without --file) so that the older keys stay with the new one`);
      if (ring.file === undefined) copyKey(target, current);
      const next = appendNewKey(target);
      const rotated = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY_FILE: target } });
      const after = await openStore(() => openDomainStore({ path, auditKeys: rotated }));
      try {
        const entry = await after.audit.append({ type: 'audit.key_rotated', tenant: '*', at: new Date().toISOString(), subject: next, body: { from: current.id, to: next } });
        console.log(`new signing key ${next} in ${target} (chain entry #${entry.seq}); ${current.id} stays there to verify the entries it signed.`);
        console.log('Processes reading this file sign with the new key from their next entry; copy the file to every other machine that writes or verifies this database.');
        if (ring.file === undefined) console.log(`Now set WAYBILL_AUDIT_KEY_FILE=${target} and unset WAYBILL_AUDIT_KEY.`);
      } finally {
        await after.close();
      }
    });

  const seal = new Command('seal')
    .description('for a chain written before keys: check its unkeyed entries once and seal them with a keyed entry (a chain of unkeyed entries alone does not verify)')
    .action(async () => {
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const store = await openStore(() => openDomainStore({ path: resolveDbPath() }));
      try {
        const verdict = await store.audit.verify();
        if (verdict.ok) {
          console.log(`nothing to seal: ${verdict.entries} entries verify${verdict.unkeyed > 0 ? ` (the ${verdict.unkeyed} unkeyed ones are sealed already)` : ''}`);
          return;
        }
        if (verdict.findings.some((f) => f.problem !== 'unkeyed')) {
          console.log(`not sealed: the chain has other findings; run waybill audit verify (first: #${verdict.seq} ${verdict.problem}: ${verdict.detail})`);
          process.exitCode = 1;
          return;
        }
        const head = await store.audit.head();
        const entry = await store.audit.append({ type: 'audit.sealed', tenant: '*', at: new Date().toISOString(), subject: 'format-1', body: { unkeyed: verdict.entries, head: head.hash } });
        console.log(`sealed ${verdict.entries} unkeyed entries with keyed entry #${entry.seq} (${entry.keyId ?? ''})`);
      } finally {
        await store.close();
      }
    });
  return [rotate, seal];
}

/** Writes the environment's key to `path` (unless it is there already; mode 0600), so the entries it signed stay verifiable. */
function copyKey(path: string, key: { id: string; secret: Buffer }): void {
  const line = `${key.id} ${key.secret.toString('base64url')}`;
  if (existsSync(path) && readFileSync(path, 'utf8').split('\n').some((l) => l.trim() === line)) return;
  makeDirectory(dirname(path));
  appendFileSync(path, `${line}\n`, { mode: 0o600 });
}
