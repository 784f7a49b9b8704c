import type { ModelConfig, TaskClass } from '../models/index.js';
import { endpointFor } from '../models/index.js';
import { createChatModel } from '../models/providers/create-chat-model.js';
import type { AnswerJudge } from './answer-judge.js';

/** One prompt in, text out: what the judge and the attack generator need from a model. */
export type TextModel = AnswerJudge;

/**
 * A text model on the configured cheap model for `task` (`WAYBILL_CHEAP_MODEL`, or gpt-4.1-mini beside
 * gpt-4.1), or the reason there is none: with the offline planner nothing can judge or generate, and
 * nothing is faked.
 */
export function cheapTextModel(config: ModelConfig, task: Exclude<TaskClass, 'agent'>): { model: TextModel } | { absent: string } {
  const endpoint = endpointFor(config, task);
  if (!endpoint) return { absent: `no model is configured (WAYBILL_MODEL or OPENROUTER_API_KEY); the offline planner cannot ${task === 'judge' ? 'judge answers' : 'generate attacks'}` };
  const chat = createChatModel(endpoint, { ...config, temperature: task === 'judge' ? 0 : 0.9 });
  return {
    model: {
      model: endpoint.model,
      async complete(prompt) {
        const reply = await chat.invoke(prompt);
        return typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
      },
    },
  };
}

/** The judge on the cheap model, or why there is none. */
export function modelJudge(config: ModelConfig): { judge: AnswerJudge } | { absent: string } {
  const made = cheapTextModel(config, 'judge');
  return 'model' in made ? { judge: made.model } : made;
}
