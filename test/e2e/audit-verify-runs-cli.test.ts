import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const db = join(temp.dir, 'runs-audit.db');
afterAll(() => temp.cleanup());

const waybill = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db), encoding: 'utf8', timeout: 60_000 });

interface Verdict {
  ok: boolean;
  runs: { checked: number; disagreeing: Array<{ run_id: string; disagreements: string[] }> };
}

describe('audit verify holds the run records against the domain', () => {
  it('agrees after an approved cancellation, and names a record rewritten to say the paid refund never happened', () => {
    expect(waybill(['ask', '--thread', 'av-1', 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн']).status).toBe(3);
    const approved = waybill(['approve', '--thread', 'av-1', '--json']);
    expect(approved.status, approved.stderr).toBe(0);
    const runId = (JSON.parse(approved.stdout) as { run_id: string }).run_id;

    const clean = waybill(['audit', 'verify', '--json']);
    expect(clean.status, clean.stdout).toBe(0);
    const before = JSON.parse(clean.stdout) as Verdict;
    // The pause and the resumed run both carry the approval.
    expect(before.runs).toEqual({ checked: 2, disagreeing: [] });
    expect(waybill(['audit', 'verify']).stdout).toContain('run records: 2 with an approval or a cancellation, each agrees');

    // The lie the issue found: the paid refund recorded as a denied call of a stopped run.
    const file = new Database(db);
    const row = file.prepare('SELECT record FROM runs WHERE run_id = ?').get(runId) as { record: string };
    const record = JSON.parse(row.record) as { status: string; stop_reason: string; tool_calls: Array<{ tool: string; status: string }> };
    record.status = 'stopped';
    record.stop_reason = 'interrupted';
    for (const call of record.tool_calls) if (call.tool === 'cancel_shipment') call.status = 'denied';
    file.prepare('UPDATE runs SET record = ?, status = ?, stop_reason = ? WHERE run_id = ?').run(JSON.stringify(record), 'stopped', 'interrupted', runId);
    file.close();

    const tampered = waybill(['audit', 'verify', '--json']);
    expect(tampered.status).toBe(1);
    const after = JSON.parse(tampered.stdout) as Verdict;
    expect(after.ok).toBe(true);
    expect(after.runs.disagreeing).toHaveLength(1);
    expect(after.runs.disagreeing[0]?.run_id).toBe(runId);
    expect(after.runs.disagreeing[0]?.disagreements.join(' ')).toMatch(/domain holds .*TTN-000004.*720 UAH.*does not say it ran/);
    expect(waybill(['audit', 'verify']).stdout).toContain(`run records NOT in agreement with the domain: 1 of 2\n  ${runId}`);
  }, 120_000);
});
