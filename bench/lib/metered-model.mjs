// The offline planner as a chat model, with a meter: model calls, tokens as the model reports them in
// usage_metadata (o200k_base counts), and the time spent inside the model (planning and counting).
// Both builds use it, so both pay the same for the meter.
import { OfflinePlannerChatModel } from '../../dist/models/index.js';

export function newMeter() {
  return { calls: 0, promptTokens: 0, completionTokens: 0, modelMs: 0 };
}

export class MeteredPlannerModel extends OfflinePlannerChatModel {
  constructor(meter) {
    super({});
    this.meter = meter;
  }

  reset() {
    Object.assign(this.meter, newMeter());
  }

  async _generate(messages, options) {
    const started = performance.now();
    const result = await super._generate(messages, options);
    this.meter.modelMs += performance.now() - started;
    const usage = result.generations[0]?.message?.usage_metadata;
    this.meter.calls += 1;
    this.meter.promptTokens += usage?.input_tokens ?? 0;
    this.meter.completionTokens += usage?.output_tokens ?? 0;
    return result;
  }
}
