/**
 * What a caller may do at the boundary: viewers only read; operators also cancel (with a grant);
 * admins also decide approvals. `platform_admin` is the operator of operators: the only role whose
 * views cross tenants (metrics). The HTTP service's API keys carry the same roles.
 */
export const CALLER_ROLES = ['viewer', 'operator', 'admin', 'platform_admin'] as const;
export type CallerRole = (typeof CALLER_ROLES)[number];

/** How the call reached the server; recorded in the audit trail. */
type CallerChannel = 'stdio' | 'http' | 'in-process';

/**
 * Who is calling the domain, as established by the transport (an API key over HTTP, flags or the
 * environment on stdio, the opening code in-process), never by anything inside the request.
 */
export interface Caller {
  tenant: string;
  role: CallerRole;
  /** Key id, `local` (stdio) or the in-process runtime's name: who the audit trail names. */
  principal: string;
  channel: CallerChannel;
}

/** The tenant that owns the README's fixtures and that local callers act as by default. */
export const DEFAULT_TENANT = 'default';

export function isCallerRole(value: unknown): value is CallerRole {
  return typeof value === 'string' && (CALLER_ROLES as readonly string[]).includes(value);
}

/** True when `role` includes everything `required` may do (platform_admin ⊇ admin ⊇ operator ⊇ viewer). */
export function callerRoleAtLeast(role: CallerRole, required: CallerRole): boolean {
  return CALLER_ROLES.indexOf(role) >= CALLER_ROLES.indexOf(required);
}
