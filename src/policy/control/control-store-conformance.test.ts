import { storeBackends } from '../../testing/store-backends.js';
import { controlStoreConformance } from './control-store-conformance.js';

for (const backend of storeBackends()) controlStoreConformance(backend);
