import type { AgentName } from './agent-tools.js';
import type { Intent } from './intent.js';
import { policyQuestion } from './policy-question.js';

/**
 * The worker to ask when the request is a policy question rather than a domain one: nothing in it is a
 * domain intent, or only a price question with no route and no weight at all ("how long does express delivery
 * take?" names a service, not a parcel to quote). Undefined otherwise.
 */
export function policyRoute(intents: readonly Intent[], text: string): { agent: AgentName } | undefined {
  // A weight or a city makes it a parcel to quote (asked back for what it lacks), not a policy question.
  const vague = intents.every((intent) => intent.kind === 'incomplete_price' && intent.origin === undefined && intent.destination === undefined && intent.weightKg === undefined);
  return vague ? policyQuestion(text) : undefined;
}
