import { storeBackends } from '../../testing/store-backends.js';
import { protocolStoreConformance } from './protocol-store-conformance.js';

for (const backend of storeBackends()) protocolStoreConformance(backend);
