import { createMiddleware } from 'hono/factory';
import { ApiError } from '../api-error.js';
import type { ApiKeyStore } from '../api-key-store.js';
import type { ServerEnv } from '../server-env.js';

/**
 * The Agent Protocol's key check: the same Waybill API keys as `/v1`, sent as LangGraph clients send
 * theirs (`x-api-key`, what the SDK's `apiKey` option sets) or as `Authorization: Bearer`. 401 otherwise.
 */
export function authenticateProtocolClient(keys: ApiKeyStore) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const key = c.req.header('x-api-key')?.trim() || bearer;
    if (!key) throw new ApiError('unauthenticated', 'send a Waybill API key as "x-api-key" (the LangGraph SDK\'s apiKey option) or "Authorization: Bearer <key>"; make one with: waybill keys create --tenant T --role viewer|operator|admin');
    const principal = await keys.verify(key);
    if (!principal) throw new ApiError('unauthenticated', 'this API key is unknown or revoked');
    c.set('principal', principal);
    await next();
  });
}
