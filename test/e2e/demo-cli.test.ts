import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe('waybill demo', () => {
  it('runs every demonstration offline, decides approvals from another process, and writes its results', () => {
    const run = spawnSync(process.execPath, [CLI, 'demo', '--out', temp.dir], { encoding: 'utf8', timeout: 120_000, env: serverEnv(join(temp.dir, 'unused.db')) });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/14 of 14 demonstrations passed; model waybill-offline-planner/);
    // Each demonstration shows its question and a short answer, and the screen says where the full results went.
    expect(run.stdout).toContain('     Q: Вартість 8 кг Одеса→Харків express\n     A: Доставка 8 кг Одеса → Харків («Експрес»): 611 грн');
    expect(run.stdout).toMatch(/Q: Скасуй TTN-000010, поверни 6200 грн\n {5}A: Повернення 6200 грн перевищує ліміт автоматичного повернення 5000 грн/);
    expect(run.stdout).toMatch(/Q: Скасуй TTN-000004, клієнт відмовився, поверни 720 грн\n {5}A: Оператор відхилив скасування TTN-000004 з поверненням 720 грн; причина: too early\. Нічого не змінено\./);
    expect(run.stdout.match(/^ {5}Q: .+\n {5}A: .+$/gmu)).toHaveLength(13);
    expect(run.stdout).toContain(`full answers, tool calls and stop reasons: ${join(temp.dir, 'demo_results.json')}`);
    const results = JSON.parse(readFileSync(join(temp.dir, 'demo_results.json'), 'utf8')) as { runs: Array<{ name: string; journal_before?: number; journal_after?: number }> };
    const approve = results.runs.find((r) => r.name === 'approve from another process');
    const reject = results.runs.find((r) => r.name === 'reject from another process');
    expect(reject && reject.journal_after === reject.journal_before).toBe(true);
    expect(approve && approve.journal_after === (approve.journal_before ?? 0) + 1).toBe(true);
    const costs = JSON.parse(readFileSync(join(temp.dir, 'costs.json'), 'utf8')) as { total: { prompt_tokens: number } };
    expect(costs.total.prompt_tokens).toBeGreaterThan(1000);
  }, 120_000);
});

describe('waybill exercise cascade', () => {
  it('reports at least three barriers held and no cancellation, as JSON', () => {
    const run = spawnSync(process.execPath, [CLI, 'exercise', 'cascade', '--json', '--out', join(temp.dir, 'cascade')], { encoding: 'utf8', timeout: 120_000, env: serverEnv(join(temp.dir, 'unused.db')) });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { passed: boolean; held: number; cancellations_before: number; cancellations_after: number };
    expect(report.passed).toBe(true);
    expect(report.held).toBeGreaterThanOrEqual(3);
    expect(report.cancellations_after - report.cancellations_before).toBe(0);
  }, 120_000);
});

describe('waybill exercise architectures', () => {
  it('runs A, B and C offline and reports each one’s correctness, tokens, time and exposure as JSON', () => {
    const run = spawnSync(process.execPath, [CLI, 'exercise', 'architectures', '--json', '--latency-ms', '0'], { encoding: 'utf8', timeout: 120_000, env: serverEnv(join(temp.dir, 'unused.db')) });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { rows: Array<{ architecture: string; correct: number; tasks: number; total_tokens: number; delegations: number }> };
    expect(report.rows.map((r) => r.architecture)).toEqual(['A', 'B', 'C']);
    for (const row of report.rows) expect(row.correct).toBe(row.tasks);
    expect(report.rows[2]?.total_tokens).toBeLessThan(report.rows[1]?.total_tokens ?? 0);
  }, 120_000);

  it('refuses a latency that is not a whole number', () => {
    const run = spawnSync(process.execPath, [CLI, 'exercise', 'architectures', '--latency-ms', 'slow'], { encoding: 'utf8', timeout: 60_000, env: serverEnv(join(temp.dir, 'unused.db')) });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--latency-ms must be a whole number');
  }, 60_000);
});
