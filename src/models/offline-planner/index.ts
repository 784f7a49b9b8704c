// The offline planner: a deterministic stand-in for a chat model within the logistics domain.
export type { ChatMessage, ChatToolCall, OfferedTool, PlannerReply, PlanOptions } from './chat-types.js';
export { describeCall } from './describe-call.js';
export { detectLanguage } from './detect-language.js';
export { OFFLINE_PLANNER_MODEL } from './offline-planner-model.js';
export { planNextMessage } from './plan-next-message.js';
