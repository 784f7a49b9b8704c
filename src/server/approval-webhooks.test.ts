import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../telemetry/index.js';
import type { ApprovalWebhookPayload } from './approval-webhooks.js';
import type { RuntimeName } from '../runtimes/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer, SERVED_RUNTIMES } from './server-test-kit.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from './sign-webhook.js';

interface Delivery {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A webhook receiver on a loopback ephemeral port that hands over the first delivery. */
async function startReceiver() {
  let deliver: (d: Delivery) => void = () => undefined;
  const first = new Promise<Delivery>((resolve) => (deliver = resolve));
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(204).end();
      deliver({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks/waybill`;
  return { url, first, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}

const PUBLIC = 'http://waybill.test:8787';
const path = (url: string) => url.slice(PUBLIC.length);

// On each runtime that pauses for approval; ADK never does (its case is in approval-routes.test.ts), so it sends no webhook.
describe.each(SERVED_RUNTIMES.filter((name) => name !== 'adk'))('approval webhooks on the %s runtime', (runtimeName: RuntimeName) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    receiver = await startReceiver();
    server = await openTestServer({ runtimeName, publicUrl: () => PUBLIC });
  });
  afterEach(async () => {
    await server.close();
    await receiver.close();
  });

  async function pauseWithWebhook(): Promise<{ secret: string; delivery: Delivery; payload: ApprovalWebhookPayload; paused: RunRecord }> {
    const configured = (await (await server.call('PUT', '/v1/admin/webhook', { key: server.keys.admin, body: { url: receiver.url } })).json()) as { secret: string };
    const paused = (await (await server.call('POST', '/v1/runs', { key: server.keys.operator, body: { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' } })).json()) as RunRecord;
    const delivery = await receiver.first;
    return { secret: configured.secret, delivery, payload: JSON.parse(delivery.body) as ApprovalWebhookPayload, paused };
  }

  describe('approval webhooks', () => {
    it('POSTs a signed payload with the pending action when a run pauses; the signature verifies', async () => {
      const { secret, delivery, payload, paused } = await pauseWithWebhook();
      expect(payload).toMatchObject({
        type: 'approval.requested',
        tenant: 'acme',
        approval_id: paused.run_id,
        pending: { agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720 } },
        approve_url: expect.stringMatching(new RegExp(`^${PUBLIC}/v1/links/`)),
        reject_url: expect.stringMatching(new RegExp(`^${PUBLIC}/v1/links/`)),
      });
      const timestamp = String(delivery.headers[TIMESTAMP_HEADER]);
      const signature = String(delivery.headers[SIGNATURE_HEADER]);
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(verifyWebhook(secret, timestamp, delivery.body, signature)).toBe(true);
      expect(verifyWebhook(secret, timestamp, delivery.body.replace('720', '7200'), signature)).toBe(false);
      expect(verifyWebhook('whsec_wrong', timestamp, delivery.body, signature)).toBe(false);
    });

    it('approves through the link once: journaled like any decision; the second use and the reject link are 410', async () => {
      const { payload, paused } = await pauseWithWebhook();
      const page = await server.call('GET', path(payload.approve_url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post">');
      expect((await server.opened.state(paused.thread_id)).status).toBe('awaiting_approval');

      const used = await server.call('POST', path(payload.approve_url));
      expect(used.status).toBe(200);
      const resumed = (await used.json()) as RunRecord;
      expect(resumed).toMatchObject({ status: 'finished', approval: { decision: 'approve', by: 'approval webhook link' } });
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
      const events = await server.opened.runs.listEvents(resumed.run_id);
      expect(events.filter((e) => e.type === 'approval.decided')).toEqual([expect.objectContaining({ detail: expect.stringContaining('approve by approval webhook link') })]);

      const again = await server.call('POST', path(payload.approve_url));
      expect(again.status).toBe(410);
      expect(await again.json()).toMatchObject({ error: { code: 'link_used' } });
      expect((await server.call('POST', path(payload.reject_url))).status).toBe(410);
      expect((await server.call('GET', path(payload.approve_url))).status).toBe(410);
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
    });

    it('answers 409 through a link when the approval was already decided in the console, and 404 for a forged token', async () => {
      const { payload, paused } = await pauseWithWebhook();
      await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'reject', reason: 'no' } });
      const late = await server.call('POST', path(payload.approve_url));
      expect(late.status).toBe(409);
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
      expect((await server.call('POST', '/v1/links/forged-token')).status).toBe(404);
    });
  });
});
