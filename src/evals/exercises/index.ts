export { runCascadeExercise } from './cascade-exercise.js';
export type { BarrierResult, CascadeReport } from './cascade-exercise.js';
export { CompromisedChatModel } from './compromised-model.js';
