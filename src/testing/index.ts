export { fixedClock } from './fixed-clock.js';
export { makeTempDir } from './temp-dir.js';
