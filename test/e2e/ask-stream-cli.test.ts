import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

const ask = (...args: string[]) => spawnSync(process.execPath, [CLI, 'ask', ...args], { env: serverEnv(join(temp.dir, 'waybill.db')), encoding: 'utf8', timeout: 30_000, input: '' });

describe('waybill ask --stream', () => {
  it('prints the steps to stderr in the order they happen and keeps stdout the answer', () => {
    const run = ask('--stream', 'Де зараз посилка TTN-000001?');
    expect(run.status).toBe(0);
    const lines = run.stderr.split('\n');
    const start = lines.findIndex((l) => l.startsWith('→ tracking_agent'));
    const tool = lines.findIndex((l) => l.includes('tracking_agent track_shipment {"tracking_id":"TTN-000001"} ok'));
    const end = lines.findIndex((l) => l.startsWith('← tracking_agent'));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(tool).toBeGreaterThan(start);
    expect(end).toBeGreaterThan(tool);
    expect(run.stdout).toContain('TTN-000001');
    expect(run.stdout).not.toContain('→ tracking_agent');
  });

  it('shows the pause for approval, and prints no step without --stream', () => {
    const paused = ask('--stream', '--json', 'Скасуй TTN-000004, клієнт передумав, поверни 500 грн');
    expect(paused.status).toBe(3);
    expect(paused.stderr).toContain('⏸ tracking_agent waits for approval of cancel_shipment');
    expect((JSON.parse(paused.stdout) as { status: string }).status).toBe('awaiting_approval');
    const quiet = ask('Де зараз посилка TTN-000001?');
    expect(quiet.stderr).not.toContain('→ tracking_agent');
  });
});
