import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv, startServe } from './helpers.js';

const run = promisify(execFile);
const temp = makeTempDir();
const env = serverEnv(join(temp.dir, 'service.db'));
let server: ChildProcess;
let base = '';
let key = '';

/** Runs the CLI; resolves with exit code and output whatever the code. */
async function waybill(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return waybillAs({}, ...args);
}

/** The CLI acting as another identity (WAYBILL_TENANT, WAYBILL_ROLE); the default is the local tenant's admin. */
async function waybillAs(identity: { WAYBILL_TENANT?: string; WAYBILL_ROLE?: string }, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...env, ...identity } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const post = async (input: string, requestId: string) => {
  const res = await fetch(`${base}/v1/runs`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': requestId }, body: JSON.stringify({ input }) });
  return (await res.json()) as { run_id: string; stop_reason: string; request_id: string };
};

beforeAll(async () => {
  const created = await waybill('keys', 'create', '--tenant', 'default', '--role', 'operator', '--name', 'cli-e2e');
  key = created.stdout.trim();
  ({ server, base } = await startServe(env));
}, 30_000);

afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  temp.cleanup();
});

describe('waybill keys, serve, runs, kill and tool', () => {
  it('prints a new key once on stdout; list shows ids and roles but never a key', async () => {
    expect(key).toMatch(/^wb_[A-Za-z0-9_-]{43}$/);
    const list = await waybill('keys', 'list', '--json');
    const keys = JSON.parse(list.stdout) as Array<{ keyId: string; tenant: string; role: string }>;
    expect(keys).toEqual([expect.objectContaining({ tenant: 'default', role: 'operator', name: 'cli-e2e' })]);
    expect(list.stdout).not.toContain(key);
    const bad = await waybill('keys', 'create', '--tenant', 'default', '--role', 'root');
    expect(bad).toMatchObject({ code: 2, stderr: 'waybill: --role must be one of viewer, operator, admin, platform_admin, got "root"\n' });
  });

  it('serves on loopback: /healthz without a key, 401 without one on /v1, a run with the key', async () => {
    expect(new URL(base).hostname).toBe('127.0.0.1');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/v1/runs`)).status).toBe(401);
    const record = await post('Де зараз посилка TTN-000001?', 'req-cli-1');
    expect(record).toMatchObject({ stop_reason: 'finish', request_id: 'req-cli-1' });
  }, 20_000);

  it('lists runs by request id from another process, as text and as JSON', async () => {
    const json = await waybill('runs', '--request-id', 'req-cli-1', '--json');
    const listing = JSON.parse(json.stdout) as { runs: Array<{ request_id: string; tenant: string }> };
    expect(listing.runs).toEqual([expect.objectContaining({ request_id: 'req-cli-1', tenant: 'default' })]);
    const text = await waybill('runs', '--request-id', 'req-cli-1');
    expect(text.stdout).toMatch(/finished:finish {2}req req-cli-1 .* tools track_shipment\(ok\)/);
    expect(await waybill('runs', '--stop-reason', 'sleepy')).toMatchObject({ code: 2, stderr: expect.stringContaining('not a stop reason') });
  });

  it('kill on --tenant stops the served tenant’s next run with operator_kill; off lets it run', async () => {
    expect((await waybill('kill', 'on', '--tenant', 'default')).stdout).toContain('kill switch ON for tenant default');
    expect((await post('Де зараз посилка TTN-000002?', 'req-cli-2')).stop_reason).toBe('operator_kill');
    await waybill('kill', 'off', '--tenant', 'default');
    expect((await post('Де зараз посилка TTN-000002?', 'req-cli-3')).stop_reason).toBe('finish');
    expect(await waybill('kill', 'maybe')).toMatchObject({ code: 2, stderr: 'waybill: kill takes "on" or "off", got "maybe"\n' });
  });

  it('refuses every-tenant switches, another tenant\'s switches and keys to the local tenant admin (the default identity), and changes nothing', async () => {
    for (const args of [['kill', 'on'], ['tool', 'disable', 'track_shipment'], ['kill', 'on', '--tenant', 'globex'], ['keys', 'create', '--tenant', 'globex', '--role', 'viewer'], ['keys', 'create', '--tenant', 'default', '--role', 'platform_admin']]) {
      const refused = await waybill(...args);
      expect(refused, args.join(' ')).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^waybill: not allowed: .* as admin of tenant default; it needs WAYBILL_ROLE=platform_admin/) });
    }
    expect((await waybillAs({ WAYBILL_ROLE: 'viewer' }, 'kill', 'on', '--tenant', 'default')).stderr).toContain('it needs WAYBILL_ROLE=admin or higher');
    expect(await waybillAs({ WAYBILL_ROLE: 'root' }, 'runs')).toMatchObject({ code: 2, stderr: expect.stringContaining('WAYBILL_ROLE must be one of viewer, operator, admin, platform_admin') });
    expect((await post('Де зараз посилка TTN-000003?', 'req-cli-6')).stop_reason).toBe('finish');
  });

  it('lists only the acting tenant\'s runs unless the role crosses tenants', async () => {
    const other = await waybillAs({ WAYBILL_TENANT: 'globex' }, 'runs', '--request-id', 'req-cli-1', '--json');
    expect(JSON.parse(other.stdout)).toMatchObject({ runs: [] });
    expect(await waybillAs({ WAYBILL_TENANT: 'globex' }, 'runs', '--tenant', 'default')).toMatchObject({ code: 2, stderr: expect.stringContaining('not allowed: list runs for tenant default as admin of tenant globex') });
    const platform = await waybillAs({ WAYBILL_TENANT: 'ops', WAYBILL_ROLE: 'platform_admin' }, 'runs', '--request-id', 'req-cli-1', '--json');
    expect((JSON.parse(platform.stdout) as { runs: unknown[] }).runs).toHaveLength(1);
  });

  it('tool disable makes the served runs stop with policy_deny:<tool>; enable restores it (every tenant: platform_admin)', async () => {
    const platform = { WAYBILL_ROLE: 'platform_admin' };
    expect((await waybillAs(platform, 'tool', 'disable', 'track_shipment')).stdout).toBe('track_shipment disabled for every tenant\n');
    expect((await post('Де зараз посилка TTN-000003?', 'req-cli-4')).stop_reason).toBe('policy_deny:track_shipment');
    await waybillAs(platform, 'tool', 'enable', 'track_shipment');
    expect((await post('Де зараз посилка TTN-000003?', 'req-cli-5')).stop_reason).toBe('finish');
    expect(await waybill('tool', 'disable', 'format_disk')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown tool "format_disk"') });
  });

  it('describes the new commands in --help', async () => {
    const help = (await waybill('--help')).stdout;
    for (const command of ['serve', 'keys', 'runs', 'kill', 'tool']) expect(help).toMatch(new RegExp(`\\n  ${command} `));
    expect((await waybill('serve', '--help')).stdout).toMatch(/--host <host>[\s\S]*127\.0\.0\.1[\s\S]*--port <port>[\s\S]*8787/);
  });
});
