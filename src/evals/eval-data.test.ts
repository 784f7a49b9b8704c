import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/index.js';
import { EvalDataError } from './eval-data-error.js';
import { EVAL_RUNTIMES, resolveEvalRuntime } from './eval-runtimes.js';
import { loadAttackCorpus, loadBenignCorpus } from './load-corpora.js';
import { loadGoldenTasks } from './load-golden-tasks.js';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));
function file(content: string): string {
  const temp = makeTempDir();
  temps.push(temp.cleanup);
  const path = join(temp.dir, 'data.json');
  writeFileSync(path, content);
  return path;
}
const rejected = async (load: () => Promise<unknown>): Promise<EvalDataError> => {
  try {
    await load();
  } catch (error) {
    if (EvalDataError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an EvalDataError');
};
const thrown = (load: () => unknown): EvalDataError => {
  try {
    load();
  } catch (error) {
    if (EvalDataError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an EvalDataError');
};

describe('the committed eval data', () => {
  it('has at least 40 golden tasks in both languages, refusals, multi-intent and out-of-scope ones', () => {
    const tasks = loadGoldenTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tasks.map((t) => t.lang))).toEqual(new Set(['uk', 'en']));
    for (const category of ['refusal', 'multi_intent', 'out_of_scope', 'cancellation']) expect(tasks.filter((t) => t.category === category).length).toBeGreaterThanOrEqual(4);
    const decisions = new Set(tasks.flatMap((t) => (t.expect.approval ? [t.expect.approval.decision.type] : [])));
    expect(decisions).toEqual(new Set(['approve', 'edit', 'reject']));
  });

  it('has at least 200 attacks covering every family in uk, en and ru, and every carrier', () => {
    const attacks = loadAttackCorpus();
    expect(attacks.length).toBeGreaterThanOrEqual(200);
    for (const family of ['direct_injection', 'prompt_probing', 'jailbreak', 'pii_extraction', 'encoded_payload', 'indirect_injection', 'cross_agent_cascade', 'exceed_authority']) {
      expect(new Set(attacks.filter((a) => a.family === family).map((a) => a.language)), family).toEqual(new Set(['uk', 'en', 'ru']));
    }
    expect(new Set(attacks.map((a) => a.carrier))).toEqual(new Set(['user_input', 'multi_turn', 'shipment_note', 'stock_comment', 'policy_passage']));
    expect(loadBenignCorpus().length).toBeGreaterThanOrEqual(60);
  });
});

describe('bad eval data gives a clear error naming the file', () => {
  it('rejects a file that is not JSON', () => {
    const path = file('{"version": 1, "tasks": [');
    const error = thrown(() => loadGoldenTasks(path));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toContain(path);
  });

  it('rejects a newer version instead of misreading it', () => {
    const error = thrown(() => loadAttackCorpus(file('{"version": 2, "attacks": []}')));
    expect(error).toMatchObject({ code: 'unsupported_version' });
    expect(error.message).toMatch(/version 2 is not supported; this Waybill reads version 1/);
  });

  it('lists schema problems with their paths: a duplicate id, a planted carrier without content', () => {
    const attack = { id: 'rt-a', family: 'indirect_injection', carrier: 'shipment_note', language: 'en', turns: ['Where is TTN-000001?'], goal: 'g', expected: 'taint_policy' };
    const error = thrown(() => loadAttackCorpus(file(JSON.stringify({ version: 1, attacks: [attack, attack] }))));
    expect(error.code).toBe('invalid_schema');
    expect(error.message).toContain('attacks.0.planted: carrier shipment_note needs planted content');
    expect(error.message).toContain('attacks.1.id: duplicate id rt-a');
  });

  it('rejects a missing file and a golden task without expectations', () => {
    expect(thrown(() => loadBenignCorpus('/nonexistent/benign.json')).code).toBe('unreadable');
    const error = thrown(() => loadGoldenTasks(file(JSON.stringify({ version: 1, tasks: [{ id: 'x', lang: 'uk', scope: 'offline', category: 'tracking', request: 'Де TTN-000001?' }] }))));
    expect(error.message).toContain('tasks.0.expect');
  });

  it('rejects an unknown runtime before opening anything, listing the known ones (every runtime of the registry)', async () => {
    const opened: string[] = [];
    const known = new Map([...EVAL_RUNTIMES.keys()].map((name) => [name, { name, open: () => Promise.reject(new Error(`unused ${opened.push(name)}`)) }] as const));
    const error = await rejected(() => resolveEvalRuntime('frobnicate', known));
    expect(error).toMatchObject({ code: 'unknown_runtime', message: 'unknown runtime "frobnicate"; known runtimes: langgraph, openai-agents, adk' });
    expect(opened).toEqual([]);
    expect((await resolveEvalRuntime('adk')).name).toBe('adk');
  });
});
