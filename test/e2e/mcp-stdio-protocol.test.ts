import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

/** Speaks raw JSON-RPC lines to a spawned server, to send bytes no well-behaved client would. */
function rawSession(): { child: ChildProcessWithoutNullStreams; send(bytes: Buffer | string): void; responses(count: number): Promise<unknown[]>; stdout(): string } {
  const child = spawn(process.execPath, [CLI, 'mcp', '--role', 'operator'], { env: serverEnv(join(temp.dir, 'raw.db'), { WAYBILL_LOG_LEVEL: 'debug' }) });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  return {
    child,
    send: (bytes) => child.stdin.write(bytes),
    stdout: () => out,
    // Every message on stdout so far, once `count` of them are responses (log notifications come in between).
    responses: async (count) => {
      const messages = () => out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      for (let waited = 0; messages().filter((m) => 'id' in m).length < count; waited += 20) {
        if (waited > 10_000) throw new Error(`timed out waiting for ${count} responses; got:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages();
    },
  };
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

describe('the stdio protocol stream', () => {
  it('carries only JSON-RPC on stdout, even with debug logging, and survives invalid UTF-8 bytes', async () => {
    const session = rawSession();
    session.send(line({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    session.send(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"cancel_shipment","arguments":{"tracking_id":"TTN-000004","refund_uah":720,"reason":"bad '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' bytes"}}}\n'),
    ]);
    session.send(invalidUtf8);
    session.send(line({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'track_shipment', arguments: { tracking_id: 'TTN-000004' } } }));
    const messages = (await session.responses(3)) as Array<{ jsonrpc: string; id?: number; method?: string; result: { structuredContent: Record<string, unknown>; isError: boolean } }>;
    session.child.stdin.end();
    await new Promise((resolve) => session.child.once('exit', resolve));

    expect(messages.every((m) => m.jsonrpc === '2.0')).toBe(true);
    const responses = messages.filter((m) => m.id !== undefined);
    expect(responses.map((r) => r.id)).toEqual([1, 2, 3]);
    // Everything else is the logging capability's notifications, which are protocol too.
    expect(new Set(messages.filter((m) => m.id === undefined).map((m) => m.method))).toEqual(new Set(['notifications/message']));
    expect(responses[1]?.result.isError).toBe(true);
    expect(responses[1]?.result.structuredContent).toEqual({ status: 'error', problems: ['reason: contains bytes that were not valid UTF-8'] });
    expect(responses[2]?.result.structuredContent).toMatchObject({ status: 'ok', shipment_status: 'created' });
    expect(session.child.exitCode).toBe(0);
  });
});
