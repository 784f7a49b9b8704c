import type { Attributes, Tracer } from '@opentelemetry/api';
import { ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import type { AuditEvent } from './audit-event.js';
import type { RunRecord } from './run-record.js';

const TOKENS = /(\d+)\+(\d+) tokens/;
const MODEL = /^([^:]+):/;

/**
 * Emits one run's spans, rebuilt from its record and audit events after it was stored: `run` at the
 * root, one `agent <name>` span per agent, and under each its `model call` and `tool call` spans.
 * Events carry durations but not start instants, so each agent's calls are laid end to end from the
 * run's start; the durations, attributes and nesting are exact, the offsets are approximate.
 */
export function emitRunSpans(tracer: Tracer, record: RunRecord, events: readonly AuditEvent[]): void {
  const start = Date.parse(record.started_at);
  const common: Attributes = { 'waybill.tenant': record.tenant, 'waybill.request_id': record.request_id, 'waybill.run_id': record.run_id, 'waybill.thread_id': record.thread_id };
  const run = tracer.startSpan('run', {
    startTime: start,
    attributes: {
      ...common,
      'waybill.status': record.status,
      'waybill.stop_reason': record.stop_reason,
      'waybill.steps': record.steps,
      'waybill.tool_calls': record.tool_calls.length,
      'gen_ai.usage.input_tokens': record.usage.prompt_tokens,
      'gen_ai.usage.output_tokens': record.usage.completion_tokens,
      'waybill.cost_usd': record.usage.usd,
    },
  });
  if (record.status === 'stopped') run.setStatus({ code: SpanStatusCode.ERROR, message: record.stop_reason });
  const runContext = trace.setSpan(ROOT_CONTEXT, run);
  const runEnd = start + record.duration_ms;
  const byAgent = new Map<string, AuditEvent[]>();
  for (const event of events) {
    if (event.type !== 'model.call' && event.type !== 'tool.call') continue;
    byAgent.set(event.agent, [...(byAgent.get(event.agent) ?? []), event]);
  }
  for (const [agent, calls] of byAgent) {
    const span = tracer.startSpan(`agent ${agent}`, { startTime: start, attributes: { ...common, 'waybill.agent': agent } }, runContext);
    const agentContext = trace.setSpan(runContext, span);
    let cursor = start;
    for (const event of calls) {
      const end = Math.min(cursor + (event.duration_ms ?? 0), Math.max(runEnd, cursor));
      const attributes: Attributes = { ...common, 'waybill.agent': agent, 'waybill.status': event.status };
      if (event.type === 'model.call') {
        const tokens = TOKENS.exec(event.detail ?? '');
        if (tokens) Object.assign(attributes, { 'gen_ai.usage.input_tokens': Number(tokens[1]), 'gen_ai.usage.output_tokens': Number(tokens[2]) });
        const model = MODEL.exec(event.detail ?? '');
        if (model?.[1]) attributes['gen_ai.request.model'] = model[1];
      } else {
        Object.assign(attributes, { 'waybill.tool': event.tool ?? 'unknown', ...(event.args_hash && { 'waybill.args_hash': event.args_hash }) });
      }
      const child = tracer.startSpan(event.type === 'model.call' ? 'model call' : `tool call ${event.tool ?? ''}`.trim(), { startTime: cursor, attributes }, agentContext);
      if (event.status === 'error' || event.status === 'denied') child.setStatus({ code: SpanStatusCode.ERROR, message: event.detail ?? event.status });
      child.end(end);
      cursor = end;
    }
    span.end(Math.max(cursor, start));
  }
  run.end(runEnd);
}
