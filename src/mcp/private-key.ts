import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../domain/index.js';

/**
 * A one-off bearer key for an HTTP server that only this process talks to (the ADK runtime's loopback
 * MCP server): it stands for `caller` and dies with the process, so no other local program can use the
 * server in between.
 */
export function privateKey(caller: Caller): { key: string; headers: Record<string, string>; verifyKey: (key: string) => Caller | undefined } {
  const key = `wbp_${randomBytes(24).toString('hex')}`;
  const expected = Buffer.from(key);
  return {
    key,
    headers: { authorization: `Bearer ${key}` },
    verifyKey: (presented) => {
      const given = Buffer.from(presented);
      return given.length === expected.length && timingSafeEqual(given, expected) ? caller : undefined;
    },
  };
}
