import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

const RAW_KEY = 'sk-acme-own-key-Hq4TnV8wXc2LpR6s';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('/v1/admin/model-endpoint', () => {
  it('stores a tenant\'s endpoint for its admin, reads it back masked, and keeps it from other tenants', async () => {
    server = await openTestServer();
    const put = await server.call('PUT', '/v1/admin/model-endpoint', { key: server.keys.admin, body: { model: 'acme-llm', base_url: 'https://llm.acme.example/v1', api_key: RAW_KEY } });
    expect(put.status).toBe(200);
    const putText = await put.text();
    expect(putText).not.toContain(RAW_KEY);
    expect(JSON.parse(putText)).toMatchObject({ tenant: 'acme', model: 'acme-llm', base_url: 'https://llm.acme.example/v1', api_key: `****${RAW_KEY.slice(-4)}` });

    const got = await server.call('GET', '/v1/admin/model-endpoint', { key: server.keys.admin });
    expect(got.status).toBe(200);
    const gotText = await got.text();
    expect(gotText).not.toContain(RAW_KEY);
    expect(JSON.parse(gotText)).toMatchObject({ model: 'acme-llm', api_key: `****${RAW_KEY.slice(-4)}` });

    // Another tenant's admin sees its own tenant (none), an operator of acme is refused.
    expect((await server.call('GET', '/v1/admin/model-endpoint', { key: server.keys.globexAdmin })).status).toBe(404);
    expect((await server.call('GET', '/v1/admin/model-endpoint', { key: server.keys.operator })).status).toBe(403);
    expect((await server.call('PUT', '/v1/admin/model-endpoint', { key: server.keys.operator, body: { model: 'x', base_url: 'https://x.example' } })).status).toBe(403);

    expect((await server.call('DELETE', '/v1/admin/model-endpoint', { key: server.keys.admin })).status).toBe(204);
    expect((await server.call('GET', '/v1/admin/model-endpoint', { key: server.keys.admin })).status).toBe(404);
    expect((await server.call('DELETE', '/v1/admin/model-endpoint', { key: server.keys.admin })).status).toBe(404);
  });

  it('refuses a bad body naming the fields, and never quotes the key back', async () => {
    server = await openTestServer();
    const bad = await server.call('PUT', '/v1/admin/model-endpoint', { key: server.keys.admin, body: { model: 'acme llm', base_url: `https://me:${RAW_KEY}@llm.example/v1`, api_key: `${RAW_KEY} x` } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; message: string; fields: string[] } };
    expect(body.error.code).toBe('invalid_body');
    expect(body.error.fields).toEqual(['model', 'base_url', 'api_key']);
    expect(JSON.stringify(body)).not.toContain(RAW_KEY);

    const malformed = await server.call('PUT', '/v1/admin/model-endpoint', { key: server.keys.admin, rawBody: `{"model":"m","api_key":"${RAW_KEY}",` });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).not.toContain(RAW_KEY.slice(0, 12));

    const unknown = await server.call('PUT', '/v1/admin/model-endpoint', { key: server.keys.admin, body: { model: 'm', base_url: 'https://x.example/v1', temperature: 2 } });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('temperature');
    expect((await server.call('GET', '/v1/admin/model-endpoint', { key: server.keys.admin })).status).toBe(404);
  });
});
