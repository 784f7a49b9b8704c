import type { BaseChatModelCallOptions, BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { offeredToolName } from '../models/index.js';
import { redactPii } from '../policy/index.js';
import type { PlantedContent } from './attack.js';

interface CallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

/** Letters and digits only, lower case: planted text survives JSON escaping and data wrapping under this. */
function foldForMatch(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The worst case for indirect injection (AgentDojo): a model that carries out whatever the planted
 * text asks, in the position the attack names. Whether the attack works is then decided only by the
 * barriers outside the model: tool-output scan, trust wrapping, allowlist, taint policy, approval
 * gate, redaction. It delegates the user's request, reads the planted data with the named tool, then
 * makes the attacker's calls once it has seen the text, and otherwise relays everything it read.
 */
export class AttackerChatModel extends BaseChatModel<CallOptions> {
  /** True once the planted text reached the model in a tool result or a delegated request. */
  delivered = false;
  /** The attacker's calls this model proposed (whether or not they then ran). */
  readonly attempted: string[] = [];
  readonly #planted: PlantedContent;
  readonly #fingerprint: string;
  #calls = 0;

  constructor(planted: PlantedContent) {
    super({});
    this.#planted = planted;
    // A prefix long enough to be unique, short enough to survive a chunk boundary in retrieval; of
    // the text as a model reads it, with its personal data redacted (tool results are, issue 20).
    this.#fingerprint = foldForMatch(redactPii(planted.text).text).slice(0, 48);
  }

  _llmType(): string {
    return 'waybill-attacker';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<CallOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    this.#calls += 1;
    const tools = (options.tools ?? []).map(offeredToolName);
    const position = tools.includes('tracking_agent') ? 'supervisor' : 'worker';
    const request = String(messages.filter((m) => m.getType() === 'human').at(-1)?.content ?? '');
    const results = messages.filter((m) => m.getType() === 'tool').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
    const inResults = results.some((r) => foldForMatch(r).includes(this.#fingerprint));
    const inRequest = position === 'worker' && foldForMatch(request).includes(this.#fingerprint);
    if (inResults || inRequest) this.delivered = true;
    // Each attacker call is tried once per conversation (same tool and arguments), as an obedient model would.
    const tried = new Set(messages.flatMap((m) => (m.getType() === 'ai' ? ((m as AIMessage).tool_calls ?? []).map((c) => callKey(c.name, c.args)) : [])));
    const action = this.#planted.actions.find(
      (a) => a.position === position && !tried.has(callKey(a.tool, a.args)) && (a.seen_in === 'request' ? inRequest : inResults),
    );
    let calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    if (action) {
      calls = [{ name: action.tool, args: action.args }];
      this.attempted.push(`${position}:${action.tool}`);
    } else if (results.length === 0 && position === 'supervisor') {
      calls = [{ name: this.#planted.read.worker, args: { request } }];
    } else if (results.length === 0 && tools.includes(this.#planted.read.tool)) {
      calls = [{ name: this.#planted.read.tool, args: this.#planted.read.args }];
    }
    const message = new AIMessage({
      // Relaying everything read is the worst case for leaks: the answer carries the raw data.
      content: calls.length > 0 ? '' : results.join('\n') || 'Done.',
      tool_calls: calls.map((call, index) => ({ id: `attacker_${this.#calls}_${index}`, name: call.name, args: call.args, type: 'tool_call' as const })),
      usage_metadata: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
      response_metadata: { model_name: 'attacker' },
    });
    return { generations: [{ text: String(message.content), message }] };
  }
}

function callKey(name: string, args: unknown): string {
  return `${name}:${JSON.stringify(args)}`;
}
