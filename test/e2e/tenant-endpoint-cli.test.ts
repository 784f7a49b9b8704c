import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const db = join(temp.dir, 'tenant.db');
afterAll(() => temp.cleanup());

const RAW_KEY = 'sk-cli-tenant-key-P7fWq2Lx9Rm4Tz8c';

function waybill(args: string[], options: { identity?: Record<string, string>; input?: string } = {}) {
  const run = spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db, { ...options.identity, MY_KEY: RAW_KEY }), encoding: 'utf8', timeout: 60_000, input: options.input ?? '' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('waybill tenant endpoint', () => {
  it('stores a tenant\'s endpoint from stdin or an environment variable, shows it masked, and refuses another tenant', () => {
    const set = waybill(['tenant', 'endpoint', 'set', '--model', 'acme-llm', '--base-url', 'https://llm.acme.example/v1', '--api-key-stdin', '--json'], { input: `${RAW_KEY}\n` });
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ tenant: 'default', model: 'acme-llm', api_key: `****${RAW_KEY.slice(-4)}` });
    const shown = waybill(['tenant', 'endpoint', 'show', '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ tenant: 'default', base_url: 'https://llm.acme.example/v1', api_key: `****${RAW_KEY.slice(-4)}` });

    const globex = waybill(['tenant', 'endpoint', 'set', '--tenant', 'globex', '--model', 'g', '--base-url', 'https://g.example/v1', '--api-key-env', 'MY_KEY'], { identity: { WAYBILL_TENANT: 'acme' } });
    expect(globex.code).toBe(2);
    expect(globex.stderr).toContain('platform_admin');
    const own = waybill(['tenant', 'endpoint', 'set', '--model', 'g', '--base-url', 'https://g.example/v1', '--api-key-env', 'MY_KEY'], { identity: { WAYBILL_TENANT: 'globex' } });
    expect(own.code).toBe(0);
    expect(waybill(['tenant', 'endpoint', 'show'], { identity: { WAYBILL_TENANT: 'globex', WAYBILL_ROLE: 'operator' } }).code).toBe(2);

    const bad = waybill(['tenant', 'endpoint', 'set', '--model', 'm', '--base-url', 'ftp://x', '--api-key-env', 'MY_KEY']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--base-url');

    const everything = [set, shown, globex, own, bad].map((r) => r.stdout + r.stderr).join('\n');
    expect(everything).not.toContain(RAW_KEY);
    const bytes = readdirSync(temp.dir).filter((name) => name.startsWith('tenant.db')).map((name) => readFileSync(join(temp.dir, name)).toString('latin1')).join('');
    expect(bytes).toContain('acme-llm');
    expect(bytes).not.toContain(RAW_KEY);

    expect(waybill(['tenant', 'endpoint', 'remove']).code).toBe(0);
    expect(JSON.parse(waybill(['tenant', 'endpoint', 'show', '--json']).stdout)).toBeNull();
    expect(waybill(['tenant', 'endpoint', 'remove']).code).toBe(2);
  });

  it('rotate-key re-seals every tenant\'s endpoint under a new key (platform_admin only); the old key stays in the file', () => {
    expect(waybill(['tenant', 'endpoint', 'set', '--model', 'r', '--base-url', 'https://r.example/v1', '--api-key-env', 'MY_KEY'], { identity: { WAYBILL_TENANT: 'rotor' } }).code).toBe(0);
    const refused = waybill(['tenant', 'endpoint', 'rotate-key'], { identity: { WAYBILL_TENANT: 'rotor', WAYBILL_ROLE: 'admin' } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('platform_admin');
    const rotated = waybill(['tenant', 'endpoint', 'rotate-key', '--json'], { identity: { WAYBILL_ROLE: 'platform_admin' } });
    expect(rotated.code).toBe(0);
    const rotation = JSON.parse(rotated.stdout) as { file: string; from: string; to: string; resealed: number; left: string[] };
    // Every endpoint of the file: rotor's, and any the test before left (globex's).
    expect(rotation).toMatchObject({ file: join(temp.dir, 'credentials.key'), left: [] });
    expect(rotation.resealed).toBeGreaterThanOrEqual(1);
    expect(readFileSync(rotation.file, 'utf8')).toMatch(new RegExp(`^${rotation.from} [^\\n]+\\n${rotation.to} `, 'm'));
    const shown = waybill(['tenant', 'endpoint', 'show', '--json'], { identity: { WAYBILL_TENANT: 'rotor' } });
    expect(JSON.parse(shown.stdout)).toMatchObject({ tenant: 'rotor', base_url: 'https://r.example/v1', api_key: `****${RAW_KEY.slice(-4)}` });
    expect(rotated.stdout + rotated.stderr).not.toContain(RAW_KEY);
  });
});
