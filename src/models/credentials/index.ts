export { CredentialKeyError } from './credential-key-error.js';
export { carryCredentialKeys, openTenantEndpointRows, openTenantEndpoints } from './open-tenant-endpoints.js';
export { rotateCredentialKey } from './rotate-credential-key.js';
export { TenantEndpointInputError } from './tenant-endpoint-input.js';
export { TenantEndpoints } from './tenant-endpoints.js';
