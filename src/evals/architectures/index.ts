export { architecturesTable } from './architectures-table.js';
export { runArchitecturesExperiment } from './run-architectures.js';
