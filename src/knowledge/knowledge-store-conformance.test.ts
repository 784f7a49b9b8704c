import { storeBackends } from '../testing/store-backends.js';
import { knowledgeStoreConformance } from './knowledge-store-conformance.js';

for (const backend of storeBackends()) knowledgeStoreConformance(backend);
