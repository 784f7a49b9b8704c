import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../mcp/stderr-logger.js';
import type { RunRecord } from '../telemetry/index.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { openApiKeyStore } from './open-api-key-store.js';
import { serveWaybill } from './serve-waybill.js';
import { SERVED_RUNTIMES } from './server-test-kit.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

// `waybill serve --runtime`: the service runs, pauses and resumes on whichever runtime it is given.
describe.each(SERVED_RUNTIMES)('the service on the %s runtime', (runtimeName) => {
  it('answers a run over HTTP with that runtime, and takes an approval where the runtime pauses', async () => {
    const dbPath = join(temp.dir, `${runtimeName}.db`);
    const running = await serveWaybill({ dbPath, port: 0, runtimeName, runtime: { offline: true }, log: silentLogger });
    const keys = await openApiKeyStore(dbPath);
    try {
      const key = (await keys.create({ tenant: 'default', role: 'operator', name: 'suite' })).key;
      const call = (path: string, body: unknown) => fetch(`${running.url}/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const asked = (await (await call('/runs', { input: 'Де зараз посилка TTN-000001?' })).json()) as RunRecord;
      expect(asked).toMatchObject({ runtime: runtimeName, status: 'finished', tenant: 'default' });
      const cancel = (await (await call('/runs', { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' })).json()) as RunRecord;
      if (runtimeName === 'adk') {
        // ADK has no cancellation: the run finishes saying so, and nothing waits for a human.
        expect(cancel).toMatchObject({ runtime: 'adk', status: 'finished' });
        expect(cancel.pending).toBeUndefined();
        return;
      }
      expect(cancel).toMatchObject({ status: 'awaiting_approval', pending: { tool: 'cancel_shipment' } });
      const approved = await call(`/approvals/${cancel.run_id}`, { decision: 'approve' });
      expect(approved.status).toBe(200);
      expect(await approved.json()).toMatchObject({ runtime: runtimeName, status: 'finished', approval: { decision: 'approve' } });
    } finally {
      await keys.close();
      await running.close();
    }
  }, 60_000);
});
