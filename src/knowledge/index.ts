export { BUNDLED_CORPUS_DIR, BUNDLED_QUERIES_PATH } from './bundled-paths.js';
export { evaluateRecall } from './evaluate-recall.js';
export { formatBridges } from './format-bridges.js';
export { formatSearchResult } from './format-search-result.js';
export { KnowledgeBase } from './knowledge-base.js';
export { policySearchTool } from './policy-search-tool.js';
export { KnowledgeError } from './knowledge-error.js';
export { loadLabelledQueries } from './labelled-queries.js';
export { LocalEmbedder } from './local-embedder.js';
