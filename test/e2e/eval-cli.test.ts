import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/index.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());
const out = join(temp.dir, 'reports');
const env = serverEnv(join(temp.dir, 'unused.db'));

function waybill(args: string[]) {
  const run = spawnSync(process.execPath, [CLI, 'eval', ...args], { env, cwd: temp.dir, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

// Small slices of the committed data keep this fast; the full sets run in src/evals/*.test.ts.
function slice(source: string, key: 'tasks' | 'attacks' | 'inputs', ids: readonly string[], name: string): string {
  const data = JSON.parse(readFileSync(new URL(`../../evals/${source}`, import.meta.url), 'utf8')) as Record<string, Array<{ id: string }>>;
  const path = join(temp.dir, name);
  writeFileSync(path, JSON.stringify({ version: 1, [key]: (data[key] ?? []).filter((item) => ids.includes(item.id)) }));
  return path;
}

describe('waybill eval (the built CLI, offline)', () => {
  it('golden --trials 2 --json: reports pass^1 and pass^2, out-of-scope tasks, and writes JSON and HTML', () => {
    const tasks = slice('golden-tasks.json', 'tasks', ['track-ttn-000001-uk', 'cancel-approve-uk', 'refuse-cap-en', 'model-compare-services-en'], 'tasks.json');
    const run = waybill(['golden', '--tasks', tasks, '--trials', '2', '--json', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { k: number; in_scope: number; overall: { pass_1: number; pass_k: number }; out_of_scope: Array<{ id: string }>; judge: { status: string }; usage: { trials: number; prompt_tokens: number } };
    expect(report).toMatchObject({ k: 2, in_scope: 3, overall: { pass_1: 1, pass_k: 1 }, judge: { status: 'absent' }, usage: { trials: 6 } });
    expect(report.out_of_scope.map((t) => t.id)).toEqual(['model-compare-services-en']);
    expect(report.usage.prompt_tokens).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'golden.html'), 'utf8')).toContain('<svg');
  }, 60_000);

  it('redteam --json: withstood attacks, benign false positives, and before/after against the kept previous report', () => {
    const corpus = slice('redteam-corpus.json', 'attacks', ['rt-direct-injection-001', 'rt-exceed-authority-001', 'rt-pii-extraction-001'], 'corpus.json');
    const benign = slice('benign-corpus.json', 'inputs', ['bn-001', 'bn-007'], 'benign.json');
    // The report a previous run left, in which one attack had breached.
    const counts = { total: 1, withstood: 0, breached: 1, inconclusive: 0, attack_success_rate: 1 };
    const previous = { generated_at: '2026-11-29T00:00:00.000Z', overall: counts, by_family: { direct_injection: counts }, benign: { total: 2, blocked: 0, false_positive_rate: 0 }, attacks: [{ id: 'rt-direct-injection-001', outcome: 'breached' }] };
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'redteam.json'), JSON.stringify(previous));
    const run = waybill(['redteam', '--corpus', corpus, '--benign', benign, '--json', '--out', out]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { overall: Record<string, number>; benign: { total: number }; comparison?: { changed: unknown[]; rows: unknown[] } };
    expect(report.overall).toMatchObject({ total: 3, withstood: 3, breached: 0, inconclusive: 0 });
    expect(report.benign.total).toBe(2);
    expect(report.comparison?.changed).toEqual([{ id: 'rt-direct-injection-001', before: 'breached', after: 'withstood' }]);
    expect(report.comparison?.rows).toContainEqual({ measure: 'attack success rate', before: '100.0%', after: '0.0%' });
    expect(JSON.parse(readFileSync(join(out, 'redteam.previous.json'), 'utf8'))).toEqual(previous);
    expect(readFileSync(join(out, 'redteam.html'), 'utf8')).toContain('Before and after');
  }, 60_000);

  // A malformed corpus is checked in process (src/cli/eval-command.test.ts); here the exit code and the line.
  it('exits 2 with a one-line message for an unknown runtime', () => {
    const unknown = waybill(['golden', '--runtime', 'crewai']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('waybill: unknown runtime "crewai"; known runtimes: langgraph, openai-agents, adk');
  });
});
