import { createMiddleware } from 'hono/factory';
import type { ApiKeyStore } from './api-key-store.js';
import type { ApiRole } from './api-role.js';
import { roleAtLeast } from './api-role.js';
import { ApiError } from './api-error.js';
import type { ServerEnv } from './server-env.js';

/**
 * Resolves `Authorization: Bearer <key>` to a principal (tenant and role) before any handler runs; an
 * absent, malformed, unknown or revoked key is 401, and nothing else about the request is looked at.
 */
export function authenticate(keys: ApiKeyStore) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) {
      c.header('WWW-Authenticate', 'Bearer realm="waybill"');
      throw new ApiError('unauthenticated', 'send an API key as "Authorization: Bearer <key>" (make one with: waybill keys create --tenant T --role viewer|operator|admin)');
    }
    const principal = await keys.verify(match[1]);
    if (!principal) {
      c.header('WWW-Authenticate', 'Bearer realm="waybill", error="invalid_token"');
      throw new ApiError('unauthenticated', 'this API key is unknown or revoked');
    }
    c.set('principal', principal);
    await next();
  });
}

/** 403 unless the caller's role includes `required`. */
export function requireRole(required: ApiRole) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const { role } = c.get('principal');
    if (!roleAtLeast(role, required)) throw new ApiError('forbidden', `this needs the ${required} role; the key has ${role}`);
    await next();
  });
}
