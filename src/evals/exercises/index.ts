export { runCascadeExercise } from './cascade-exercise.js';
