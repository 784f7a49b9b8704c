import type { Event, SequentialAgent } from '@google/adk';
import { InMemoryRunner } from '@google/adk';
import type { FrameworkPort, RunLedger, StepOutcome } from '../core/index.js';
import { applyStop, judgeDelegation, modelFailureOfText, withLedger } from '../core/index.js';
import { workerLedgers } from './worker-ledger.js';

const textOf = (event: Event): string => (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');

/**
 * The kernel's one step on Google ADK: a fixed workflow (three workers in parallel, then a reporter).
 * Sessions are in memory and per run (ADK's default) and the irreversible tool is not offered, so a run
 * never pauses: the port has no `pending` or `proceed` (the kernel answers `decide` with
 * `nothing_pending`), and a run whose process died runs again from its input.
 */
export class AdkPort implements FrameworkPort {
  readonly name = 'adk';
  readonly modelName: string;
  readonly workflow: SequentialAgent;
  readonly #runner: InMemoryRunner;
  readonly #close: () => Promise<void>;

  constructor(parts: { workflow: SequentialAgent; modelName: string; close: () => Promise<void> }) {
    this.workflow = parts.workflow;
    this.modelName = parts.modelName;
    this.#close = parts.close;
    this.#runner = new InMemoryRunner({ agent: parts.workflow, appName: 'waybill' });
  }

  async start(run: RunLedger, text: string): Promise<StepOutcome> {
    let answer = '';
    const workerAnswers = new Map<string, string>();
    await withLedger(run, async () => {
      const events = this.#runner.runEphemeral({ userId: run.init.tenant, newMessage: { role: 'user', parts: [{ text }] } });
      for await (const event of events) {
        // ADK reports a failed model call as an event, not by throwing: the run stops at once, so the
        // other workers' next model calls are halted by the step gate.
        if (event.errorCode) {
          const message = event.errorMessage ?? event.errorCode;
          applyStop(run, { kind: 'stopped', reason: modelFailureOfText(`${event.errorCode} ${message}`), detail: message, error: message, agent: event.author ?? 'unknown' });
        }
        const said = textOf(event);
        if (said && event.author === 'reporter') answer = said;
        else if (said && event.author) workerAnswers.set(event.author, said);
      }
    });
    // Every worker that acted on the request (called a tool, or was stopped) is judged from evidence;
    // one with nothing to do in this request is left out, as the reporter leaves it out.
    for (const child of workerLedgers(run)) {
      if (child.toolEvidence.length > 0 || child.ownStop) judgeDelegation(child, { request: text, answer: workerAnswers.get(child.agent) });
    }
    return { kind: 'final', text: answer };
  }

  close(): Promise<void> {
    return this.#close();
  }
}
