export { renderTable } from './render-table.js';
export { runComparison } from './run-comparison.js';
export { writeComparison } from './write-comparison.js';
