import { afterEach, describe, expect, it } from 'vitest';
import { FactAlteringPlanner } from '../evals/exercises/fact-altering-planner.js';
import { PROOF_REQUESTS } from '../evals/exercises/proof-requests.js';
import { OfflinePlannerChatModel } from '../models/index.js';
import type { Runtime } from './core/index.js';
import { openRuntime } from './open-runtime.js';

const REQUESTS = PROOF_REQUESTS;

const opened: Runtime[] = [];
afterEach(async () => {
  for (const runtime of opened.splice(0)) await runtime.close();
});

async function answers(model: OfflinePlannerChatModel, proof: { enabled: boolean }) {
  const runtime = await openRuntime('langgraph', { dbPath: ':memory:', model, proof, delegation: 'sequential' });
  opened.push(runtime);
  const out = [];
  for (const input of REQUESTS) out.push(await runtime.ask({ input }));
  return out;
}

describe('the proof loop against a model that alters one fact in some answers (seeded)', () => {
  it('lets no altered fact through with the loop on; without it, altered facts get through', async () => {
    const clean = await answers(new OfflinePlannerChatModel({}), { enabled: true });
    expect(clean.every((record) => record.status === 'finished' && record.incomplete !== true), JSON.stringify(clean.map((r) => [r.stop_reason, r.answer]))).toBe(true);

    const sabotagedOn = new FactAlteringPlanner({ rate: 0.5, seed: 7 });
    const withLoop = await answers(sabotagedOn, { enabled: true });
    const sabotagedOff = new FactAlteringPlanner({ rate: 0.5, seed: 7 });
    const withoutLoop = await answers(sabotagedOff, { enabled: false });

    // A wrong answer is one that differs from the clean one and does not say a part is missing.
    const wrong = (records: typeof clean) => records.filter((record, i) => record.answer !== clean[i]?.answer && record.incomplete !== true && record.status === 'finished');
    const wrongWith = wrong(withLoop);
    const wrongWithout = wrong(withoutLoop);
    process.stdout.write(`proof loop: ${sabotagedOn.alterations.length} altered answers, ${wrongWith.length}/${REQUESTS.length} wrong final answers with the loop; ${sabotagedOff.alterations.length} altered, ${wrongWithout.length}/${REQUESTS.length} wrong without\n`);
    expect(sabotagedOn.alterations.length).toBeGreaterThan(3);
    expect(wrongWith).toEqual([]);
    expect(wrongWithout.length).toBeGreaterThan(0);
    // Where the loop could not get a verified answer, the run says which part is missing.
    for (const record of withLoop.filter((r, i) => r.answer !== clean[i]?.answer)) {
      expect(record.incomplete === true || record.status === 'stopped', record.answer).toBe(true);
      expect(record.answer).toMatch(/неповна|incomplete|не виконано|failed/i);
    }
    const retries = withLoop.flatMap((r) => r.subtasks ?? []).reduce((sum, task) => sum + (task.verification?.retries ?? 0), 0);
    expect(retries).toBeGreaterThan(0);
  });
});
