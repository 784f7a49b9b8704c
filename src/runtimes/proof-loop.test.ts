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

    // Where the retries did not fix a worker, its part is answered from its tool results, said to come from the tool.
    const fromTools = (record: (typeof clean)[number]) => (record.subtasks ?? []).some((task) => task.verification?.answered_from_tools === true);
    // A wrong answer differs from the clean one, is not written from the tool results and does not say a part is missing.
    const wrong = (records: typeof clean) => records.filter((record, i) => record.answer !== clean[i]?.answer && record.incomplete !== true && record.status === 'finished' && !fromTools(record));
    const wrongWith = wrong(withLoop);
    const wrongWithout = wrong(withoutLoop);
    const recovered = withLoop.filter(fromTools);
    process.stdout.write(`proof loop: ${sabotagedOn.alterations.length} altered answers, ${wrongWith.length}/${REQUESTS.length} wrong final answers with the loop (${recovered.length} answered from the tool results); ${sabotagedOff.alterations.length} altered, ${wrongWithout.length}/${REQUESTS.length} wrong without\n`);
    expect(sabotagedOn.alterations.length).toBeGreaterThan(3);
    expect(wrongWith).toEqual([]);
    expect(wrongWithout.length).toBeGreaterThan(0);
    expect(recovered.length).toBeGreaterThan(0);
    withLoop.forEach((record, i) => {
      if (record.answer === clean[i]?.answer) return;
      // Never an altered value: an answer from the tools says so and carries none of them; anything else says which part is missing.
      for (const altered of sabotagedOn.alterations) if (!(clean[i]?.answer ?? '').includes(altered.to)) expect(record.answer, altered.to).not.toContain(altered.to);
      if (fromTools(record)) expect(record.answer).toMatch(/За даними|According to|По данным/);
      else {
        expect(record.incomplete === true || record.status === 'stopped', record.answer).toBe(true);
        expect(record.answer).toMatch(/неповна|incomplete|неполный/i);
      }
    });
    const retries = withLoop.flatMap((r) => r.subtasks ?? []).reduce((sum, task) => sum + (task.verification?.retries ?? 0), 0);
    expect(retries).toBeGreaterThan(0);
  });
});
