import { storeBackends } from '../testing/store-backends.js';
import { webhookStoreConformance } from './webhook-store-conformance.js';

for (const backend of storeBackends()) webhookStoreConformance(backend);
