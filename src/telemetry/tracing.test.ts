import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { auditEvent } from './audit-event.js';
import type { RunRecord } from './run-record.js';
import { createRunTracer } from './tracing.js';

const record: RunRecord = {
  run_id: 'run-1',
  request_id: 'req-1',
  tenant: 'acme',
  thread_id: 't-1',
  runtime: 'langgraph',
  status: 'stopped',
  stop_reason: 'policy_deny:cancel_shipment',
  answer: 'refused',
  steps: 3,
  tool_calls: [{ agent: 'tracking_agent', tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, status: 'ok', duration_ms: 40 }],
  usage: { prompt_tokens: 300, completion_tokens: 30, usd: 0.0012 },
  started_at: '2026-11-30T10:00:00.000Z',
  duration_ms: 500,
};
const base = { request_id: 'req-1', tenant: 'acme', run_id: 'run-1' };
const events = [
  auditEvent({ ...base, agent: 'supervisor', parent: null, type: 'model.call', status: 'ok', duration_ms: 100, detail: 'gpt-4.1: 200+20 tokens' }),
  auditEvent({ ...base, agent: 'tracking_agent', parent: 'supervisor', type: 'delegation.start', status: 'info' }),
  auditEvent({ ...base, agent: 'tracking_agent', parent: 'supervisor', type: 'model.call', status: 'ok', duration_ms: 80, detail: 'gpt-4.1: 100+10 tokens' }),
  auditEvent({ ...base, agent: 'tracking_agent', parent: 'supervisor', type: 'tool.call', tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, status: 'ok', duration_ms: 40 }),
];

describe('run tracing', () => {
  it('builds nothing and exports nothing when no OTLP endpoint is configured', () => {
    expect(createRunTracer({ env: {} })).toBeUndefined();
    expect(createRunTracer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: '  ' } })).toBeUndefined();
    expect(createRunTracer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' } })).toBeDefined();
  });

  it('emits run, agent, model call and tool call spans with tenant, request id, tokens, args hash and stop reason', async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = createRunTracer({ exporter });
    tracer?.observe(record, events);
    // forceFlush, not shutdown: shutting down the provider also empties the in-memory exporter.
    await tracer?.forceFlush();
    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.filter((s) => s.name === name);
    const run = byName('run')[0];
    expect(run?.attributes).toMatchObject({ 'waybill.tenant': 'acme', 'waybill.request_id': 'req-1', 'waybill.stop_reason': 'policy_deny:cancel_shipment', 'gen_ai.usage.input_tokens': 300 });
    expect(run?.status.code).toBe(2);
    expect(run?.startTime).toEqual([Date.parse(record.started_at) / 1000, 0]);
    const agents = spans.filter((s) => s.name.startsWith('agent '));
    expect(agents.map((s) => s.name).sort()).toEqual(['agent supervisor', 'agent tracking_agent']);
    expect(agents.every((s) => s.parentSpanContext?.spanId === run?.spanContext().spanId)).toBe(true);
    const model = byName('model call').find((s) => s.attributes['waybill.agent'] === 'tracking_agent');
    expect(model?.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 100, 'gen_ai.usage.output_tokens': 10, 'gen_ai.request.model': 'gpt-4.1' });
    const tool = byName('tool call track_shipment')[0];
    expect(tool?.attributes).toMatchObject({ 'waybill.tool': 'track_shipment', 'waybill.agent': 'tracking_agent', 'waybill.args_hash': events[3]?.args_hash });
    expect(tool?.parentSpanContext?.spanId).toBe(agents.find((s) => s.name === 'agent tracking_agent')?.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });
});
