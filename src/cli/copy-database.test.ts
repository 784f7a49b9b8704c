import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDomainStore } from '../domain/index.js';
import { openLangGraphRuntime } from '../runtimes/langgraph/index.js';
import { createTestSchema, testPostgresUrl } from '../testing/postgres-test-schema.js';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { copyDatabase } from './copy-database.js';

const baseUrl = testPostgresUrl();
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('copyDatabase', () => {
  it('refuses a source that is not an existing SQLite file and a target that is not PostgreSQL, by name', async () => {
    await expect(copyDatabase('/nonexistent/waybill.db', 'postgres://x@127.0.0.1:1/db')).rejects.toMatchObject({ name: 'StoreError', message: expect.stringContaining('--from must name an existing SQLite file') });
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    await expect(copyDatabase(temp.dir, join(temp.dir, 'other.db'))).rejects.toMatchObject({ name: 'StoreError', message: expect.stringContaining('--to must be a postgres:// URL') });
  });
});

if (baseUrl) {
  describe('copyDatabase to PostgreSQL', { timeout: 120_000 }, () => {
    it('moves a demo database with a paused cancellation, which is then approved on PostgreSQL; the chain verifies the same', async () => {
      const temp = makeTempDir();
      cleanups.push(temp.cleanup);
      const file = join(temp.dir, 'demo.db');
      const embedded = await openLangGraphRuntime({ dbPath: file, offline: true });
      const finished = await embedded.ask({ input: 'Де посилка TTN-000001?', threadId: 'track' });
      const paused = await embedded.ask({ input: 'Скасуй TTN-000012, клієнт відмовився, поверни 300 грн', threadId: 'cancel' });
      await embedded.close();
      expect(finished.status).toBe('finished');
      expect(paused.status).toBe('awaiting_approval');
      const before = await openDomainStore({ path: file });
      const chainBefore = await before.audit.verify();
      const approvalsBefore = await before.approvals.list();
      await before.close();

      const schema: TestSchema = await createTestSchema(baseUrl);
      cleanups.push(() => schema.drop());
      const report = await copyDatabase(file, schema.url);
      expect(report.rows.runs).toBe(2);
      expect(report.rows.shipments).toBe(16);
      expect(report.checkpoints).toBeGreaterThan(0);
      await expect(copyDatabase(file, schema.url)).rejects.toMatchObject({ code: 'store_foreign' });

      const networked = await openLangGraphRuntime({ dbPath: schema.url, offline: true });
      try {
        expect(networked.domain.backend).toBe('postgres');
        expect(await networked.domain.audit.verify()).toEqual(chainBefore);
        expect(await networked.domain.approvals.list()).toEqual(approvalsBefore);
        expect((await networked.runs.getRun(paused.run_id))?.status).toBe('awaiting_approval');
        expect((await networked.state('cancel')).status).toBe('awaiting_approval');
        const cancellations = await networked.domain.countCancellations();
        const decided = await networked.decide('cancel', { type: 'approve', by: 'operator' });
        expect(decided.status).toBe('finished');
        expect(await networked.domain.countCancellations()).toBe(cancellations + 1);
        expect((await networked.domain.getShipment('TTN-000012'))?.status).toBe('cancelled');
        expect((await networked.domain.audit.verify()).ok).toBe(true);
      } finally {
        await networked.close();
      }
    });
  });
}
