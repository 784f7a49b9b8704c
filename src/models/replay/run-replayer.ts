import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import { argsHash } from '../../domain/index.js';
import type { Recording } from './recording.js';
import { requestFingerprint } from './request-fingerprint.js';

/** A replay asked for something the recording does not have at this point; `step` is 0-based. */
export class ReplayDivergenceError extends Error {
  override readonly name = 'ReplayDivergenceError';
  readonly code = 'replay_diverged' as const;
  readonly step: number;

  constructor(step: number, detail: string) {
    super(`replay diverged at step ${step}: ${detail}`);
    this.step = step;
  }
}

/** Serves a recording back in order and stops at the first request that differs from what was recorded. */
export class RunReplayer {
  readonly #steps: Recording['steps'];
  #next = 0;

  constructor(recording: Recording) {
    this.#steps = recording.steps;
  }

  get finished(): boolean {
    return this.#next >= this.#steps.length;
  }

  nextModel(prompt: readonly BaseMessage[], tools: readonly unknown[]): { model: string; reply: AIMessage } {
    const index = this.#next;
    const step = this.#steps[index];
    if (!step) throw new ReplayDivergenceError(index, 'a model call, but the recording has ended');
    if (step.kind !== 'model') throw new ReplayDivergenceError(index, `a model call, but ${step.tool} was recorded here`);
    if (step.fingerprint !== requestFingerprint(prompt, tools)) throw new ReplayDivergenceError(index, 'the model request differs from the recorded one');
    this.#next += 1;
    const reply = new AIMessage({
      content: step.content,
      tool_calls: step.tool_calls.map((call) => ({ ...call, type: 'tool_call' as const })),
      ...(step.usage && { usage_metadata: { ...step.usage, total_tokens: step.usage.input_tokens + step.usage.output_tokens } }),
      response_metadata: { model_name: step.model, replayed: true },
    });
    return { model: step.model, reply };
  }

  nextTool(tool: string, args: unknown): string {
    const index = this.#next;
    const step = this.#steps[index];
    if (!step) throw new ReplayDivergenceError(index, `a ${tool} call, but the recording has ended`);
    if (step.kind !== 'tool') throw new ReplayDivergenceError(index, `a ${tool} call, but a model call was recorded here`);
    if (step.tool !== tool || step.args_hash !== argsHash(args)) throw new ReplayDivergenceError(index, `${tool} with other arguments than the recorded ${step.tool} call`);
    this.#next += 1;
    return step.result;
  }
}
