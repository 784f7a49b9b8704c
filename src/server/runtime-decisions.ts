import type { RuntimeName } from '../runtimes/index.js';

/** A decision an operator can take on a paused run. */
export type DecisionKind = 'approve' | 'edit' | 'reject';

/**
 * The decisions each runtime applies to a pause (docs/runtimes.md), so clients are told before they
 * try: the OpenAI Agents SDK approves or rejects the exact call (an edit is refused, 400
 * `invalid_edit`), and ADK never pauses. The runtime's own refusal stays the rule; this is what the
 * service shows (`/info`, the Agent Protocol interrupt's `allowed_decisions`, `GET /v1/approvals`).
 */
export const RUNTIME_DECISIONS: Readonly<Record<RuntimeName, readonly DecisionKind[]>> = {
  langgraph: ['approve', 'edit', 'reject'],
  'openai-agents': ['approve', 'reject'],
  adk: [],
};
