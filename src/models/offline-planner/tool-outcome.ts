import { isErrorEnvelope } from '../../domain/index.js';
import { parseJsonObject, safeParseJson } from './safe-json.js';

/** What a tool result means for the answer. */
export type ToolOutcome =
  | { kind: 'ok'; data: Record<string, unknown> }
  | { kind: 'error'; problems: string[] }
  | { kind: 'rejected'; timedOut: boolean; detail: string | undefined }
  | { kind: 'awaiting'; detail: string | undefined }
  | { kind: 'text'; text: string }
  | { kind: 'missing' };

const REJECTED = new Set(['rejected', 'approval_rejected']);
const AWAITING = new Set(['awaiting_approval', 'pending', 'pending_approval', 'interrupted']);

// The trust layer quotes tool output as `<data …>…</data>` plus a warning line (policy/trust/wrap-as-data).
function unwrapData(content: string): string {
  if (!content.startsWith('<data ')) return content;
  const open = content.indexOf('\n');
  const close = content.lastIndexOf('\n</data>');
  if (open < 0 || close <= open) return content;
  return content.slice(open + 1, close).replaceAll('&lt;data', '<data').replaceAll('&lt;/data', '</data');
}

// MCP adapters sometimes pass the content-block array through as text: [{"type":"text","text":"{…}"}].
function unwrapContentBlocks(text: string): string {
  if (!text.startsWith('[')) return text;
  const blocks = safeParseJson(text);
  const first: unknown = Array.isArray(blocks) ? blocks[0] : undefined;
  const inner = typeof first === 'object' && first !== null ? (first as { text?: unknown }).text : undefined;
  return typeof inner === 'string' ? inner : text;
}

/** The readable text of a tool result: trust envelope and content blocks removed, trimmed. */
export function resultText(content: string): string {
  return unwrapContentBlocks(unwrapData(content.trim()).trim()).trim();
}

function detailOf(data: Record<string, unknown>): string | undefined {
  const detail = data.reason ?? data.detail ?? data.message;
  return typeof detail === 'string' && detail.trim() ? detail.trim() : undefined;
}

/**
 * Classifies a tool result: domain success, the error envelope, an approval that was rejected, timed out
 * or is still pending (from the runtime's approval step), free text, or no result yet.
 */
export function toolOutcome(content: string | undefined): ToolOutcome {
  if (content === undefined) return { kind: 'missing' };
  const text = resultText(content);
  const data = parseJsonObject(text);
  if (data && isErrorEnvelope(data)) return { kind: 'error', problems: data.problems.map(String) };
  const status = typeof data?.status === 'string' ? data.status : undefined;
  if (data && status === 'ok') return { kind: 'ok', data };
  const lower = text.toLowerCase();
  if (status === 'approval_timeout' || lower.includes('approval_timeout')) return { kind: 'rejected', timedOut: true, detail: data && detailOf(data) };
  if ((status && REJECTED.has(status)) || lower.includes('approval_rejected')) return { kind: 'rejected', timedOut: false, detail: data && detailOf(data) };
  if ((status && AWAITING.has(status)) || lower.includes('awaiting_approval') || lower.includes('awaiting approval')) {
    return { kind: 'awaiting', detail: data && detailOf(data) };
  }
  return { kind: 'text', text };
}
