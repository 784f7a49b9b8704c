import { storeBackends } from '../testing/store-backends.js';
import { runStoreConformance } from './run-store-conformance.js';

for (const backend of storeBackends()) runStoreConformance(backend);
