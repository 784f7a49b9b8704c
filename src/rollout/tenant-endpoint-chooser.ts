import type { ModelEndpoint } from '../models/index.js';
import type { TargetChooser } from './run-target.js';

/** What the chooser needs of the tenant endpoint store (models/credentials). */
interface EndpointSource {
  resolve(tenant: string): Promise<{ endpoint: ModelEndpoint; version: string } | undefined>;
}

/**
 * A run of a tenant with its own model endpoint (issue 37) calls that endpoint, with its key, on
 * whichever framework and arm the choosers before it picked; a tenant without one is left alone. The
 * target key names the tenant and the endpoint's version, never the key, and a new version opens a new
 * runtime (the old one stays open until the pool closes).
 */
export function tenantEndpointChooser(endpoints: EndpointSource): TargetChooser {
  return async (caller, target) => {
    const own = await endpoints.resolve(caller.tenant);
    if (!own) return target;
    return { ...target, key: `${target.key}|tenant-endpoint:${caller.tenant}:${own.version}`, options: { ...target.options, endpoint: own.endpoint } };
  };
}
