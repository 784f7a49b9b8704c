import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { OfflinePlannerChatModel } from '../../models/index.js';
import type { Alteration } from './alter-one-fact.js';
import { seededRandom } from '../../policy/classifier/index.js';
import { alterOneFact } from './alter-one-fact.js';

const WORKER_TOOLS = ['track_shipment', 'check_stock', 'calc_delivery'];

/**
 * The offline planner, except that a fraction of the workers' final answers has one number,
 * identifier or status altered (seeded, so a run is reproducible). `alterations` lists what it changed.
 */
export class FactAlteringPlanner extends OfflinePlannerChatModel {
  readonly #rate: number;
  readonly #random: () => number;
  readonly alterations: Alteration[] = [];

  constructor(options: { rate: number; seed: number }) {
    super({});
    this.#rate = options.rate;
    this.#random = seededRandom(options.seed);
  }

  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const result = await super._generate(messages, options);
    const worker = (options.tools ?? []).some((t) => WORKER_TOOLS.includes(t.function.name));
    const generation = result.generations[0];
    const message = generation?.message;
    if (!worker || !generation || !(message instanceof AIMessage) || (message.tool_calls ?? []).length > 0 || typeof message.content !== 'string') return result;
    if (this.#random() >= this.#rate) return result;
    const alteration = alterOneFact(message.content, this.#random);
    if (!alteration) return result;
    this.alterations.push(alteration);
    const altered = new AIMessage({ content: alteration.text, usage_metadata: message.usage_metadata, response_metadata: message.response_metadata });
    return { generations: [{ text: alteration.text, message: altered }] };
  }
}
