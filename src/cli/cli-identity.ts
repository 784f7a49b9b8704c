import { CALLER_ROLES, DEFAULT_TENANT, callerRoleAtLeast, isCallerRole, type CallerRole } from '../domain/caller.js';
import { userInfo } from 'node:os';
import { UsageError } from './usage-error.js';

/**
 * Who the command line acts as: a named tenant and role, like an API key, so the database file does not
 * make every local user the operator of every tenant. `WAYBILL_TENANT` (default: the local tenant) and
 * `WAYBILL_ROLE` (default: that tenant's admin); crossing tenants needs `platform_admin`.
 */
export interface CliIdentity {
  tenant: string;
  role: CallerRole;
}

const TENANT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function cliIdentity(env: NodeJS.ProcessEnv = process.env): CliIdentity {
  const tenant = env.WAYBILL_TENANT?.trim() || DEFAULT_TENANT;
  if (tenant === 'global' || !TENANT.test(tenant)) throw new UsageError(`WAYBILL_TENANT: a tenant is 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit (and not "global"), got ${JSON.stringify(tenant)}`);
  const role = env.WAYBILL_ROLE?.trim() || 'admin';
  if (!isCallerRole(role)) throw new UsageError(`WAYBILL_ROLE must be one of ${CALLER_ROLES.join(', ')}, got ${JSON.stringify(role)}`);
  return { tenant, role };
}

/**
 * Who runs a command, for a staged rollout's arm (docs/rollout.md): `WAYBILL_USER`, else the login name.
 * Not a credential: it only keeps one person on one arm of a change.
 */
export function cliUser(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.WAYBILL_USER?.trim();
  if (named) return named;
  try {
    return userInfo().username || 'local';
  } catch {
    return 'local';
  }
}

/** A refusal of the acting identity: exit 2 with what was refused and what would allow it. */
class NotAllowedError extends UsageError {
  constructor(message: string) {
    super(`not allowed: ${message}`);
  }
}

/**
 * Throws unless `identity` may `action` on `tenant` (undefined: every tenant) with at least `role`.
 * Another tenant, or every tenant, needs `platform_admin`.
 */
export function requireCliAccess(identity: CliIdentity, action: string, tenant: string | undefined, role: CallerRole): void {
  const crossTenant = tenant === undefined || tenant !== identity.tenant;
  const needed: CallerRole = crossTenant ? 'platform_admin' : role;
  if (callerRoleAtLeast(identity.role, needed)) return;
  const target = tenant === undefined ? 'every tenant' : `tenant ${tenant}`;
  const how = crossTenant ? 'WAYBILL_ROLE=platform_admin (the cross-tenant operator)' : `WAYBILL_ROLE=${role} or higher`;
  throw new NotAllowedError(`${action} for ${target} as ${identity.role} of tenant ${identity.tenant}; it needs ${how}`);
}

/** The tenant a listing covers: the one asked for, or the acting tenant's own unless the role crosses tenants. */
export function listingTenant(identity: CliIdentity, asked: string | undefined, action: string): string | undefined {
  if (asked !== undefined) {
    requireCliAccess(identity, action, asked, 'viewer');
    return asked;
  }
  return identity.role === 'platform_admin' ? undefined : identity.tenant;
}
