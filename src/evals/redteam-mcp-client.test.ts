import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_CLIENT_ATTACKS, runMcpClientAttacks } from './mcp-client-attacks.js';

describe('the external-MCP-client carrier', () => {
  it('withstands every attack of a client with no runtime, each at the barrier it expects', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waybill-mcp-attacks-'));
    try {
      const results = await runMcpClientAttacks(dir);
      expect(results.map((r) => r.id)).toEqual(MCP_CLIENT_ATTACKS.map((a) => a.id));
      for (const result of results) {
        expect(result, `${result.id}: ${result.detail}`).toMatchObject({ outcome: 'withstood', carrier: 'mcp_client', breaches: [] });
        expect(result.barrier).toBe(result.expected);
      }
      const stretched = results.find((r) => r.id === 'rt-mcp-stretch-grant');
      // The approved call itself runs once; the stretched uses do not.
      expect(stretched?.detail).toBe('720: error, other shipment: error, approved call: ok, second use: error');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
