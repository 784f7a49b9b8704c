import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('authentication and roles', () => {
  it.each([
    ['GET', '/v1/runs'],
    ['POST', '/v1/runs'],
    ['GET', '/v1/runs/run-x'],
    ['GET', '/v1/approvals'],
    ['POST', '/v1/approvals/run-x'],
    ['GET', '/v1/admin/switches'],
    ['GET', '/metrics'],
  ])('%s %s without a key is 401 with a JSON error', async (method, path) => {
    const res = await server.call(method, path, method === 'GET' ? {} : { body: { input: 'x' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthenticated', message: expect.stringContaining('Authorization: Bearer') } });
  });

  it('refuses an unknown key and a revoked one with 401', async () => {
    expect((await server.call('GET', '/v1/runs', { key: 'wb_not-a-real-key' })).status).toBe(401);
    const store = await (await import('./open-api-key-store.js')).openApiKeyStore(server.dbPath);
    const { key, info } = await store.create({ tenant: 'acme', role: 'viewer' });
    expect((await server.call('GET', '/v1/runs', { key })).status).toBe(200);
    expect(await store.revoke(info.keyId)).toBe(true);
    await store.close();
    const res = await server.call('GET', '/v1/runs', { key });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { message: 'this API key is unknown or revoked' } });
  });

  it('tells who the key is at /v1/me', async () => {
    const res = await server.call('GET', '/v1/me', { key: server.keys.operator });
    expect(await res.json()).toEqual({ tenant: 'acme', role: 'operator', name: 'acme-operator', key_id: expect.stringMatching(/^key_/) });
  });

  it('forbids a viewer to run, approve or flip switches (403), and an operator the admin routes', async () => {
    for (const [method, path, body] of [
      ['POST', '/v1/runs', { input: 'Де зараз посилка TTN-000001?' }],
      ['POST', '/v1/approvals/run-x', { decision: 'approve' }],
      ['PUT', '/v1/admin/kill', { on: true }],
    ] as const) {
      const res = await server.call(method, path, { key: server.keys.viewer, body });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'forbidden', message: expect.stringContaining('the key has viewer') } });
    }
    expect((await server.call('PUT', '/v1/admin/kill', { key: server.keys.operator, body: { on: true } })).status).toBe(403);
    expect((await server.call('GET', '/metrics', { key: server.keys.operator })).status).toBe(403);
    expect((await server.opened.controls.snapshot('acme')).killed).toBe(false);
  });

  it('accepts a caller X-Request-Id and generates one otherwise', async () => {
    const given = await server.call('GET', '/v1/runs', { key: server.keys.viewer, headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
    const made = await server.call('GET', '/v1/runs', { key: server.keys.viewer });
    expect(made.headers.get('x-request-id')).toMatch(/^req-[0-9a-f-]{36}$/);
  });

  it('serves /healthz without a key and answers unknown routes with a JSON 404', async () => {
    const health = await server.call('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const missing = await server.call('GET', '/v1/nothing-here', { key: server.keys.viewer });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
