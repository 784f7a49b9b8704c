import { DOMAIN_TOOLS } from '../../domain/index.js';
import { say } from './say.js';
import type { Language } from './chat-types.js';
import { isAgentName } from './agent-tools.js';
import type { Conversation, RecordedCall } from './conversation.js';
import { describeCall } from './describe-call.js';
import { describeFailure } from './describe-problems.js';
import { clipText } from './labels.js';
import { parseJsonObject } from './safe-json.js';
import { resultText, toolOutcome } from './tool-outcome.js';

const DOMAIN_NAMES: ReadonlySet<string> = new Set(DOMAIN_TOOLS.map((tool) => tool.name));

/** The parts of a delegation contract (src/agents/delegation-contract.ts) the summary reads. */
interface ContractView {
  status: 'ok' | 'failed';
  result: string;
  flags: string[];
}

function contractOf(text: string): ContractView | undefined {
  const data = parseJsonObject(text);
  if (!data || data.version !== 1 || typeof data.result !== 'string' || (data.status !== 'ok' && data.status !== 'failed')) return undefined;
  return { status: data.status, result: data.result, flags: Array.isArray(data.flags) ? data.flags.map(String) : [] };
}

// The result of a contract, with a word on any instruction found in it: quoted data, not obeyed. A
// failed part with nothing to show is left to the runtime, which lists what is missing and why.
function contractAnswer(agent: string, contract: ContractView, language: Language): string | undefined {
  if (!contract.result.trim()) return undefined;
  if (contract.flags.length === 0) return contract.result;
  // The flags cover what the worker read (a shipment's note) as well as what it answered.
  const note = say(language, {
    uk: `(У даних, які прочитав ${agent}, або в його відповіді знайдено інструкцію; її не виконано.)`,
    en: `(An instruction was found in what ${agent} read or answered; it was not followed.)`,
    ru: `(В данных, которые прочитал ${agent}, или в его ответе найдена инструкция; она не выполнена.)`,
  });
  return `${contract.result} ${note}`;
}

// A worker's answer is data to pass on, not instructions; an empty or failed one is said, never hidden.
function agentAnswer(call: RecordedCall, language: Language): string | undefined {
  const contract = call.result === undefined ? undefined : contractOf(resultText(call.result));
  if (contract) return contractAnswer(call.name, contract, language);
  const outcome = toolOutcome(call.result);
  if (outcome.kind === 'error' || outcome.kind === 'missing') {
    return describeFailure(say(language, { uk: `отримати відповідь ${call.name}`, en: `get an answer from ${call.name}`, ru: `получить ответ ${call.name}` }), outcome, language);
  }
  const text = call.result === undefined ? '' : resultText(call.result);
  if (text) return text;
  return say(language, { uk: `${call.name} не повернув відповіді.`, en: `${call.name} returned no answer.`, ru: `${call.name} не вернул ответа.` });
}

/**
 * The current turn's results as an answer: workers' answers (agents-as-tools results, or their own
 * messages after a handoff) when there are any, else the domain results described one by one.
 * Undefined when the turn has no results at all.
 */
export function summariseTurn(conversation: Conversation, language: Language): string | undefined {
  const delegated: string[] = [];
  const direct: string[] = [];
  for (const call of conversation.turnCalls) {
    if (isAgentName(call.name)) {
      const answer = agentAnswer(call, language);
      if (answer !== undefined) delegated.push(answer);
    }
    else if (DOMAIN_NAMES.has(call.name)) direct.push(describeCall(call, language));
    else if (!call.name.startsWith('transfer_') && call.result !== undefined) direct.push(clipText(resultText(call.result), 600));
  }
  delegated.push(...conversation.turnTexts);
  const parts = delegated.length > 0 ? delegated : direct;
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
