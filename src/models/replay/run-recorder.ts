import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import { argsHash } from '../../domain/index.js';
import type { Recording, RecordedModelStep } from './recording.js';
import { RECORDING_VERSION } from './recording.js';
import { requestFingerprint } from './request-fingerprint.js';

/** Collects a run's model replies and tool results in order, for an offline replay later. */
export class RunRecorder {
  readonly #steps: Recording['steps'] = [];
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  recordModel(prompt: readonly BaseMessage[], tools: readonly unknown[], model: string, reply: AIMessage): void {
    const step: RecordedModelStep = {
      kind: 'model',
      fingerprint: requestFingerprint(prompt, tools),
      model,
      content: typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content),
      tool_calls: (reply.tool_calls ?? []).map((call, index) => ({ id: call.id ?? `call_${index}`, name: call.name, args: call.args })),
      ...(reply.usage_metadata && { usage: { input_tokens: reply.usage_metadata.input_tokens, output_tokens: reply.usage_metadata.output_tokens } }),
    };
    this.#steps.push(step);
  }

  recordTool(tool: string, args: unknown, result: string): void {
    this.#steps.push({ kind: 'tool', tool, args_hash: argsHash(args), result });
  }

  toRecording(): Recording {
    return { version: RECORDING_VERSION, recorded_at: this.#now().toISOString(), steps: structuredClone(this.#steps) };
  }
}
