export { BAD_INPUTS } from './bad-inputs.js';
export type { BadInput } from './bad-inputs.js';
export { fixedClock } from './fixed-clock.js';
export { makeTempDir } from './temp-dir.js';
export { connectInMemory } from '../mcp/connect-in-memory.js';
export { ScriptedChatModel } from './scripted-chat-model.js';
export type { Script, ScriptedTurn } from './scripted-chat-model.js';
export { scriptedPlanner } from './scripted-planner.js';
export type { PlannerTurn, PlannerView } from './scripted-planner.js';
