import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { bearerAuth } from 'hono/bearer-auth';
import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../domain/index.js';

/** What a request to the MCP endpoint carries once its key is verified. */
export interface McpHttpEnv {
  Variables: { caller: Caller; authInfo: AuthInfo };
}

/**
 * `Authorization: Bearer <API key>` on every request (Hono's bearer-auth middleware), the key resolved to
 * its caller. A missing, malformed, unknown or revoked key is 401 with the answer the MCP SDK's
 * `requireBearerAuth` gives (an OAuth `invalid_token` body, and a `WWW-Authenticate` challenge naming the
 * protected-resource metadata, RFC 9728), so clients that discover authorization from it still do.
 */
export function requireApiKey(
  verifyKey: (key: string) => Caller | undefined | Promise<Caller | undefined>,
  resourceMetadataUrl: () => string,
): MiddlewareHandler<McpHttpEnv> {
  const refuse = (description: string) => ({
    message: () => {
      const error = new InvalidTokenError(description);
      const challenge = `Bearer error="${error.errorCode}", error_description="${description}", resource_metadata="${resourceMetadataUrl()}"`;
      // A Response rather than a message: Hono would answer a malformed header with 400; the SDK says 401.
      return new Response(JSON.stringify(error.toResponseObject()), { status: 401, headers: { 'content-type': 'application/json', 'www-authenticate': challenge } });
    },
  });
  return bearerAuth<McpHttpEnv>({
    verifyToken: async (token, c) => {
      const caller = await verifyKey(token);
      if (!caller) return false;
      c.set('caller', caller);
      c.set('authInfo', { token, clientId: caller.principal, scopes: [caller.role], extra: { caller } });
      return true;
    },
    noAuthenticationHeader: refuse('Missing Authorization header'),
    invalidAuthenticationHeader: refuse("Invalid Authorization header format, expected 'Bearer TOKEN'"),
    invalidToken: refuse('this API key is unknown or revoked (make one with: waybill keys create --tenant T --role operator)'),
  });
}
