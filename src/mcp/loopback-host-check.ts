import { createMiddleware } from 'hono/factory';
import { jsonRpcError } from './json-rpc-error.js';

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * DNS-rebinding protection for a server bound to loopback: a web page must not reach it through a name
 * it controls, so the Host header's name (any port) must be a loopback one; otherwise 403. The same rule
 * and answers as the MCP SDK's `localhostHostValidation`, which is written for Express only; the
 * transport's own `allowedHosts` is deprecated in favour of such a middleware.
 */
export function loopbackHostCheck() {
  return createMiddleware(async (c, next) => {
    const host = c.req.header('host');
    if (!host) return jsonRpcError(403, -32000, 'Missing Host header');
    let hostname: string;
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      return jsonRpcError(403, -32000, `Invalid Host header: ${host}`);
    }
    if (!LOOPBACK_HOSTNAMES.includes(hostname)) return jsonRpcError(403, -32000, `Invalid Host: ${hostname}`);
    return next();
  });
}
