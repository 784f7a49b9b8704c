import { describe, expect, it } from 'vitest';
import { evalRuntime } from './eval-runtime.js';

const langGraphEvalRuntime = evalRuntime('langgraph');
import { loadGoldenTasks } from './load-golden-tasks.js';
import { runGoldenSuite } from './run-golden-suite.js';

describe('golden tasks on the offline planner (regression suite)', () => {
  it('passes every in-scope task, graded on state and trace', async () => {
    const tasks = loadGoldenTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(40);
    const report = await runGoldenSuite({ runtime: langGraphEvalRuntime, tasks, trials: 1, offline: true, model: 'waybill-offline-planner', judgeAbsentReason: 'offline' });
    const failed = report.tasks.filter((t) => t.in_scope && t.passes < t.trials).map((t) => `${t.id} (stopped: ${t.stop_reasons.join(", ")}): ${t.failures.join("; ")}`);
    expect(failed).toEqual([]);
    expect(report.in_scope).toBe(tasks.filter((t) => t.scope === 'offline').length);
    expect(report.out_of_scope.map((t) => t.id).sort()).toEqual(tasks.filter((t) => t.scope === 'model').map((t) => t.id).sort());
    expect(report.overall.pass_1).toBe(1);
    expect(report.usage.prompt_tokens).toBeGreaterThan(0);
  }, 60_000);
});
