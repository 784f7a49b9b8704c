import { describe, expect, it } from 'vitest';
import type { AnswerJudge } from './answer-judge.js';
import { GROUNDEDNESS_STEPS, judgeTrial, RELEVANCY_STEPS } from './answer-judge.js';
import { modelJudge } from './model-judge.js';

// A scripted judge: returns the replies given, in order, and keeps the prompts it was shown.
function scripted(replies: string[]): AnswerJudge & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    model: 'scripted-judge',
    prompts,
    complete: async (prompt) => {
      prompts.push(prompt);
      return replies.shift() ?? '';
    },
  };
}
const steps = (...answers: string[]) => JSON.stringify({ steps: answers.map((answer) => ({ answer, why: `because ${answer}` })) });

describe('the judge', () => {
  it('scores each metric from explicit steps (yes / (yes + no)), beside the evidence it was shown', async () => {
    const judge = scripted([steps('yes', 'yes', 'n/a', 'no'), `Here you go: ${steps('yes', 'yes', 'yes', 'yes')}`]);
    const result = await judgeTrial(judge, 'Де TTN-000001?', { answer: 'TTN-000001 в дорозі', evidence: ['track_shipment {"tracking_id":"TTN-000001"} → {"status":"ok"}'] });
    expect(result).toEqual({ relevancy: 2 / 3, groundedness: 1, reasons: { relevancy: '1:yes 2:yes 3:n/a 4:no (because no)', groundedness: '1:yes 2:yes 3:yes 4:yes' } });
    expect(judge.prompts[0]).toContain(RELEVANCY_STEPS[0]);
    expect(judge.prompts[1]).toContain(GROUNDEDNESS_STEPS[1]);
    expect(judge.prompts[1]).toContain('track_shipment {"tracking_id":"TTN-000001"}');
  });

  it('reports a reply it cannot use as an error, never as a score', async () => {
    expect(await judgeTrial(scripted(['I think it is fine, 9/10']), 'q', { answer: 'a', evidence: [] })).toEqual({ error: expect.stringMatching(/not the JSON asked for/) });
    expect(await judgeTrial(scripted([steps('yes')]), 'q', { answer: 'a', evidence: [] })).toEqual({ error: 'the judge answered 1 steps for answer relevancy, expected 4' });
  });

  it('is absent, with the reason, when no model is configured', () => {
    expect(modelJudge({ fallbacks: [], temperature: 0.1, timeoutMs: 1000, maxRetries: 0 })).toEqual({ absent: expect.stringMatching(/no model is configured/) });
    const configured = modelJudge({ main: { model: 'openai/gpt-4.1', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' }, cheap: { model: 'openai/gpt-4.1-mini', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' }, fallbacks: [], temperature: 0.1, timeoutMs: 1000, maxRetries: 0 });
    expect('judge' in configured && configured.judge.model).toBe('openai/gpt-4.1-mini');
  });
});
