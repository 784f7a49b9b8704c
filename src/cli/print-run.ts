import type { RunRecord } from '../telemetry/index.js';

/** A run as a person reads it: the answer, then one line of what it did and cost. */
export function printRun(record: RunRecord, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(record, null, 2));
    return;
  }
  console.log(record.answer);
  const calls = record.tool_calls.map((c) => `${c.agent}.${c.tool}(${c.status})`).join(', ') || 'none';
  console.error(
    `\n[${record.status}: ${record.stop_reason}] thread ${record.thread_id} · run ${record.run_id} · tools: ${calls} · ` +
      `${record.usage.prompt_tokens}+${record.usage.completion_tokens} tokens · $${record.usage.usd.toFixed(6)} · ${record.duration_ms} ms`,
  );
  if (record.status === 'awaiting_approval') {
    console.error(`Decide from any process: waybill approve --thread ${record.thread_id}   or   waybill reject --thread ${record.thread_id} --reason "..."`);
  }
}
