export { CredentialKeyError } from './credential-key-error.js';
export { openTenantEndpoints } from './open-tenant-endpoints.js';
export { TenantEndpointInputError } from './tenant-endpoint-input.js';
export type { TenantEndpointInput } from './tenant-endpoint-input.js';
export { TenantEndpoints } from './tenant-endpoints.js';
export type { TenantEndpointView } from './tenant-endpoints.js';
