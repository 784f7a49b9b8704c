export { ARCHITECTURE_TASKS } from './architecture-tasks.js';
export type { ArchitectureTask } from './architecture-tasks.js';
export { architecturesTable } from './architectures-table.js';
export { runArchitecturesExperiment } from './run-architectures.js';
export type { ArchitectureId, ArchitectureRow, ArchitecturesReport } from './run-architectures.js';
export { untrustedExposure } from './untrusted-exposure.js';
