import { storeBackends } from '../../testing/store-backends.js';
import { domainStoreConformance } from './domain-store-conformance.js';

for (const backend of storeBackends()) domainStoreConformance(backend);
