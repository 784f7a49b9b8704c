import { storeBackends } from '../testing/store-backends.js';
import { apiKeyStoreConformance } from './api-key-store-conformance.js';

for (const backend of storeBackends()) apiKeyStoreConformance(backend);
