// The offline planner: a deterministic stand-in for a chat model within the logistics domain.
export type { ChatMessage, ChatToolCall, OfferedTool, PlannerReply, PlanOptions } from './chat-types.js';
export { detectLanguage } from './detect-language.js';
export { extractIntents, locateIntents } from './extract-intents.js';
export type { Intent, LocatedIntent, PriceField } from './intent.js';
export { OFFLINE_PLANNER_MODEL } from './offline-planner-model.js';
export { planNextMessage } from './plan-next-message.js';
export { unavailableMessage } from './unavailable-message.js';
