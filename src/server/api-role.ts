/**
 * What a key may do: viewers read, operators also decide approvals and start runs, admins flip
 * switches; `platform_admin` (the operator of operators) also sees every tenant's metrics. The same
 * roles as the MCP boundary's callers.
 */
export const API_ROLES = ['viewer', 'operator', 'admin', 'platform_admin'] as const;
export type ApiRole = (typeof API_ROLES)[number];

/** True when `role` includes everything `required` may do (admin ⊇ operator ⊇ viewer). */
export function roleAtLeast(role: ApiRole, required: ApiRole): boolean {
  return API_ROLES.indexOf(role) >= API_ROLES.indexOf(required);
}

export function isApiRole(value: unknown): value is ApiRole {
  return typeof value === 'string' && (API_ROLES as readonly string[]).includes(value);
}
