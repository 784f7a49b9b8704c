import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe('waybill ask --record / --replay', () => {
  const db = join(temp.dir, 'tape.db');
  const tape = join(temp.dir, 'run.json');
  const ask = (args: string[]) => spawnSync(process.execPath, [CLI, 'ask', '--json', ...args], { env: serverEnv(db), encoding: 'utf8', timeout: 60_000 });

  it('records a run’s model calls, replays them to the same answer, and ends model_error when a replay diverges', () => {
    const recorded = ask(['--record', tape, 'Де зараз посилка TTN-000001?']);
    expect(recorded.status).toBe(0);
    const recording = JSON.parse(readFileSync(tape, 'utf8')) as { version: number; steps: Array<{ kind: string }> };
    expect(recording.version).toBe(1);
    // Supervisor, the worker's tool call, the worker's answer: the one clean delegation of the whole
    // request is relayed without a second supervisor call (relayableAnswer, issue 22).
    expect(recording.steps.filter((s) => s.kind === 'model').length).toBeGreaterThanOrEqual(3);
    const replayed = ask(['--replay', tape, 'Де зараз посилка TTN-000001?']);
    expect(replayed.status).toBe(0);
    expect((JSON.parse(replayed.stdout) as { answer: string }).answer).toBe((JSON.parse(recorded.stdout) as { answer: string }).answer);
    const diverged = ask(['--replay', tape, 'Скільки ноутбуків SKU-1001 на складах?']);
    expect(diverged.status).toBe(1);
    expect(JSON.parse(diverged.stdout)).toMatchObject({ status: 'stopped', stop_reason: 'model_error' });
  });

  it('refuses a missing recording, both flags at once, and another runtime, with exit 2', () => {
    expect(ask(['--replay', join(temp.dir, 'none.json'), 'Де TTN-000001?']).status).toBe(2);
    expect(ask(['--record', tape, '--replay', tape, 'Де TTN-000001?']).status).toBe(2);
    expect(ask(['--runtime', 'adk', '--record', tape, 'Де TTN-000001?']).status).toBe(2);
  });
});
