import type { InputGuardrail, OutputGuardrail } from '@openai/agents';
import { detectInjection, redactPii } from '../../policy/index.js';
import type { InjectionVerdict, PiiRedaction } from '../../policy/index.js';

/** The request text a guardrail sees: the string input, or the user messages' text. */
function inputText(input: string | ReadonlyArray<unknown>): string {
  if (typeof input === 'string') return input;
  return input
    .flatMap((item) => {
      const message = item as { role?: unknown; content?: unknown };
      if (message.role !== 'user') return [];
      if (typeof message.content === 'string') return [message.content];
      return Array.isArray(message.content) ? message.content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')) : [];
    })
    .join('\n');
}

/**
 * The input guard as the SDK's input guardrail, blocking (`runInParallel: false`): it runs before the
 * manager's first model call, so a blocked request costs no tokens. Its verdict rides in `outputInfo`.
 */
export const injectionGuardrail: InputGuardrail = {
  name: 'waybill_injection',
  runInParallel: false,
  execute: async ({ input }) => {
    const verdict: InjectionVerdict = detectInjection(inputText(input));
    return { tripwireTriggered: verdict.blocked, outputInfo: verdict };
  },
};

/**
 * The output guard. SDK output guardrails can only trip, not rewrite, so this one never trips: it
 * computes the redaction and the runtime answers with `outputInfo.text` (see `redactionOf`).
 */
export const piiGuardrail: OutputGuardrail = {
  name: 'waybill_pii',
  execute: async ({ agentOutput }) => {
    const redaction: PiiRedaction = redactPii(typeof agentOutput === 'string' ? agentOutput : JSON.stringify(agentOutput));
    return { tripwireTriggered: false, outputInfo: redaction };
  },
};

/** The redaction the output guardrail computed, if it ran. */
export function redactionOf(results: ReadonlyArray<{ guardrail: { name: string }; output: { outputInfo: unknown } }>): PiiRedaction | undefined {
  const found = results.find((result) => result.guardrail.name === piiGuardrail.name);
  return found?.output.outputInfo as PiiRedaction | undefined;
}
