import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

interface RuntimeRow {
  runtime: string;
  requests: number;
  correct: number;
  model_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  usd: number;
  wall_ms: number;
  loc: { runtime: number | null; assembly: number | null };
  token_ratio: number;
}

describe('waybill compare, as a user runs it on a fresh clone (no key, oracle on loopback)', () => {
  it('measures all three runtimes and writes the table, the chart and the JSON', () => {
    const out = join(temp.dir, 'compare');
    const run = spawnSync(process.execPath, [CLI, 'compare', '--json', '--latency-ms', '0', '--out', out], { env: serverEnv(join(temp.dir, 'unused.db')), encoding: 'utf8', timeout: 90_000 });
    expect(run.stderr).toContain('waybill compare: wrote');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { latency_ms: number; requests: unknown[]; runtimes: RuntimeRow[] };
    expect(report.latency_ms).toBe(0);
    expect(report.runtimes.map((r) => r.runtime)).toEqual(['langgraph', 'openai-agents', 'adk']);
    for (const row of report.runtimes) {
      expect(row.correct).toBe(report.requests.length);
      expect(row.model_calls).toBeGreaterThan(0);
      expect(row.prompt_tokens).toBeGreaterThan(row.completion_tokens);
      expect(row.usd).toBeCloseTo((row.prompt_tokens * 2 + row.completion_tokens * 8) / 1e6, 6);
      expect(row.loc.runtime).toBeGreaterThan(0);
      expect(row.token_ratio).toBeGreaterThanOrEqual(1);
    }
    expect(Math.min(...report.runtimes.map((r) => r.token_ratio))).toBe(1);
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toMatch(/\| LangGraph\.js \| 5\/5 \|/);
    expect(readFileSync(join(out, 'tokens.svg'), 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(existsSync(join(out, 'results.json'))).toBe(true);
  }, 100_000);

  it('refuses a bad --latency-ms with one line and exit 2', () => {
    const run = spawnSync(process.execPath, [CLI, 'compare', '--latency-ms', 'soon', '--no-write'], { env: serverEnv(join(temp.dir, 'unused.db')), encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('waybill: --latency-ms must be a whole number from 0 to 60000, got "soon"');
  });
});
