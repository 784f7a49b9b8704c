export { compareRedteam, parsePreviousRedteam } from './compare-redteam.js';
export { goldenHtml } from './golden-html.js';
export { cheapTextModel, modelJudge } from './model-judge.js';
export { progressBar } from './progress-bar.js';
export { redteamHtml } from './redteam-html.js';
export { runGoldenSuite } from './run-golden-suite.js';
export { runRedteam } from './run-redteam.js';
export { writeEvalReports } from './write-eval-reports.js';
