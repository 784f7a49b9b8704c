import { expect, it } from 'vitest';
import { storeConformance } from '../testing/store-conformance.js';
import { hashSecret } from './hash-secret.js';
import { openWebhookStore } from './open-webhook-store.js';

/** The WebhookStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('WebhookStore', openWebhookStore, ({ open, another }) => {
  it('keeps one target per tenant, replaced by a later one and removed once', async () => {
    const admin = await open();
    const server = await open();
    const first = await admin.setTarget('acme', 'https://hooks.example/a');
    expect(first.secret).toMatch(/^whsec_/);
    expect(await server.target('acme')).toEqual(first);
    expect(await admin.setTarget('acme', 'https://hooks.example/b', 'whsec_given')).toEqual({ url: 'https://hooks.example/b', secret: 'whsec_given' });
    expect(await server.target('acme')).toEqual({ url: 'https://hooks.example/b', secret: 'whsec_given' });
    expect(await server.target('globex')).toBeUndefined();
    expect(await server.removeTarget('acme')).toBe(true);
    expect(await admin.removeTarget('acme')).toBe(false);
  });

  it('lets exactly one redemption through and spends the sibling link with it', async () => {
    const store = await open();
    const links = await store.issueLinks({ runId: 'run-1', tenant: 'acme', threadId: 't-1' }, 60_000);
    expect(await store.peek(links.approve)).toEqual({ found: true, usable: true, link: { runId: 'run-1', tenant: 'acme', threadId: 't-1', decision: 'approve' } });
    expect(await store.redeem(links.approve)).toMatchObject({ found: true, usable: true, link: { decision: 'approve', runId: 'run-1' } });
    expect(await store.redeem(links.approve)).toMatchObject({ usable: false });
    expect(await store.redeem(links.reject)).toMatchObject({ found: true, usable: false, link: { decision: 'reject' } });
    expect(await store.peek(links.reject)).toMatchObject({ usable: false });
    expect(await store.redeem('nope')).toEqual({ found: false });
    expect(await store.peek('nope')).toEqual({ found: false });
  });

  it('of the approve and reject links redeemed at once on two connections, exactly one wins', async () => {
    const a = await open();
    const b = await open();
    for (let round = 0; round < 5; round += 1) {
      const links = await a.issueLinks({ runId: `run-${round}`, tenant: 'acme', threadId: `t-${round}` }, 60_000);
      const results = await Promise.all([a.redeem(links.approve), b.redeem(links.reject), b.redeem(links.approve), a.redeem(links.reject)]);
      expect(results.filter((r) => r.found && r.usable)).toHaveLength(1);
    }
  });

  it('refuses an expired link', async () => {
    let now = new Date('2026-11-30T10:00:00Z');
    const store = await open(() => now);
    const links = await store.issueLinks({ runId: 'run-2', tenant: 'acme', threadId: 't-2' }, 60_000);
    expect(links.expiresAt).toBe('2026-11-30T10:01:00.000Z');
    now = new Date('2026-11-30T10:01:01Z');
    expect(await store.peek(links.approve)).toMatchObject({ found: true, usable: false });
    expect(await store.redeem(links.reject)).toMatchObject({ found: true, usable: false });
  });

  it('exports token hashes, never tokens, and imports them so a copied link still works once', async () => {
    const source = await open();
    await source.setTarget('acme', 'https://hooks.example/a', 'whsec_s');
    const links = await source.issueLinks({ runId: 'run-3', tenant: 'acme', threadId: 't-3' }, 60_000);
    const rows = await source.exportAll();
    expect(JSON.stringify(rows)).not.toContain(links.approve);
    expect(rows.links.map((l) => [l.tokenHash, l.decision])).toEqual([[hashSecret(links.approve), 'approve'], [hashSecret(links.reject), 'reject']]);
    const copy = await (await another()).open();
    await copy.importAll(rows);
    await copy.importAll(rows);
    expect(await copy.exportAll()).toEqual(rows);
    expect(await copy.target('acme')).toEqual({ url: 'https://hooks.example/a', secret: 'whsec_s' });
    expect(await copy.redeem(links.reject)).toMatchObject({ usable: true, link: { decision: 'reject' } });
    expect(await copy.redeem(links.approve)).toMatchObject({ usable: false });
  });
});
