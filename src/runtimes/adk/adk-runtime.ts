import { randomUUID } from 'node:crypto';
import type { BaseAgent, Event } from '@google/adk';
import { InMemoryRunner } from '@google/adk';
import { detectLanguage } from '../../models/index.js';
import type { ControlStore, StopReason } from '../../policy/index.js';
import { redactPii, redactRequest, USER_BLOCK_MESSAGE } from '../../policy/index.js';
import type { RunRecord, RunStore } from '../../telemetry/index.js';
import type { AskRequest } from '../langgraph/index.js';
import { stopMessage } from '../langgraph/stop-message.js';
import { RunJournal, withJournal } from '../openai-agents/run-journal.js';

export interface AdkRuntimeOptions {
  /** The workflow from `buildWorkflow`. */
  workflow: BaseAgent;
  runs: RunStore;
  /** Operator switches and tenant budgets for the step gate before every model call. */
  controls?: ControlStore;
  /** The model name every agent sends (prices the run). */
  modelName: string;
  now?: () => Date;
  newId?: () => string;
}

const textOf = (event: Event): string => (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');

/**
 * The case on Google ADK: a fixed workflow (three workers in parallel, then a reporter) with the same
 * guards, run record and audit trail as the other runtimes (`runtime: 'adk'`). Sessions are in memory
 * and per run (ADK's default), so a run cannot pause: there is no approval and no `decide`.
 */
export class AdkRuntime {
  readonly #options: Required<Omit<AdkRuntimeOptions, 'controls'>> & Pick<AdkRuntimeOptions, 'controls'>;
  readonly #runner: InMemoryRunner;

  constructor(options: AdkRuntimeOptions) {
    this.#options = { now: () => new Date(), newId: randomUUID, ...options };
    this.#runner = new InMemoryRunner({ agent: options.workflow, appName: 'waybill' });
  }

  /** Runs one request through the whole workflow. */
  async ask(raw: AskRequest): Promise<RunRecord> {
    // PII hook (issue 20): nothing after this line sees the raw request.
    const { request } = redactRequest(raw);
    const { now, newId, modelName, runs } = this.#options;
    const journal = new RunJournal({
      runtime: 'adk',
      runId: request.runId ?? `run-${newId()}`,
      requestId: request.requestId ?? `req-${newId()}`,
      tenant: request.tenant ?? 'default',
      threadId: request.threadId ?? `t-${newId()}`,
      trustedText: request.input,
      model: modelName,
      now,
    }, { ...(this.#options.controls && { controls: this.#options.controls }) });
    journal.audit({ agent: 'supervisor', type: 'run.start', status: 'info', detail: request.input.slice(0, 500) });
    let answer = '';
    await withJournal(journal, async () => {
      const events = this.#runner.runEphemeral({ userId: journal.identity.tenant, newMessage: { role: 'user', parts: [{ text: request.input }] } });
      for await (const event of events) {
        if (event.errorCode) {
          journal.stop('model_error', event.errorMessage ?? event.errorCode);
          journal.audit({ agent: event.author ?? 'unknown', type: 'model.error', status: 'error', detail: (event.errorMessage ?? event.errorCode).slice(0, 500) });
        }
        const text = textOf(event);
        // The reporter speaks last; the workflow itself speaks only when the input guard stopped it.
        if (text && (event.author === 'reporter' || event.author === 'waybill_workflow')) answer = text;
      }
    });
    const language = detectLanguage(request.input);
    const stopped = journal.stopped;
    const reason: StopReason = stopped?.reason ?? (journal.unavailable || !answer ? 'model_unavailable' : 'finish');
    if (reason === 'input_blocked') answer = USER_BLOCK_MESSAGE;
    else if (stopped) answer = stopMessage(reason, stopped.detail, language);
    const redaction = redactPii(answer);
    if (redaction.total > 0) journal.audit({ agent: 'supervisor', type: 'pii.redacted', status: 'info', detail: JSON.stringify(redaction.counts) });
    const { record, events } = journal.finish({ reason, answer: redaction.text });
    await runs.saveRun(record);
    await runs.appendEvents(events);
    await journal.recordTenantUsage(record);
    return record;
  }
}
