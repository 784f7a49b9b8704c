import { Hono } from 'hono';
import { z } from 'zod';
import type { TenantEndpoints } from '../models/index.js';
import { CredentialKeyError, TenantEndpointInputError } from '../models/index.js';
import { ApiError } from './api-error.js';
import { requireRole } from './authenticate.js';
import { readJsonBody } from './read-json-body.js';
import type { ServerEnv } from './server-env.js';

/** `PUT /v1/admin/model-endpoint`: the tenant's own model, base URL and (optional) key. */
const EndpointBody = z.strictObject({
  model: z.string(),
  base_url: z.string(),
  api_key: z.string().optional(),
});

/**
 * The tenant's own model endpoint (admin of that tenant; the key's tenant, never another): its runs
 * call this model at this base URL with this key. The key is stored sealed and is never returned;
 * reads show `****` and its last four characters.
 */
export function modelEndpointRoutes(endpoints: TenantEndpoints): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.use('/admin/model-endpoint', requireRole('admin'));
  const principal = (c: { get(key: 'principal'): { tenant: string; name: string; keyId: string } }) => c.get('principal');

  app.get('/admin/model-endpoint', async (c) => {
    const view = await guarded(() => endpoints.view(principal(c).tenant));
    if (!view) throw new ApiError('not_found', 'this tenant has no model endpoint of its own; its runs use the service\'s models');
    return c.json(view);
  });

  app.put('/admin/model-endpoint', async (c) => {
    // The body may hold the key: a malformed one is refused without quoting it (JSON.parse's message would).
    const body = await readJsonBody(c, EndpointBody).catch((error: unknown) => {
      if (ApiError.isInstance(error) && error.code === 'invalid_json') throw new ApiError('invalid_json', 'the body is not valid JSON');
      throw error;
    });
    const { tenant, name, keyId } = principal(c);
    const view = await guarded(() => endpoints.set(tenant, { model: body.model, baseUrl: body.base_url, apiKey: body.api_key }, `${name} (${keyId})`));
    return c.json(view);
  });

  app.delete('/admin/model-endpoint', async (c) => {
    if (!(await guarded(() => endpoints.remove(principal(c).tenant)))) throw new ApiError('not_found', 'this tenant has no model endpoint of its own');
    return c.body(null, 204);
  });

  return app;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (TenantEndpointInputError.isInstance(error)) throw new ApiError('invalid_body', error.message, error.problems.map((p) => p.split(':')[0] ?? p));
    if (CredentialKeyError.isInstance(error)) throw new ApiError('internal', `the tenant's endpoint cannot be sealed or opened on this server: ${error.message}`);
    throw error;
  }
}
