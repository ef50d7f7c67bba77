import { Role } from './enums';

/**
 * Who may call an endpoint (spec section 6), declared on every endpoint's contract: anyone, any
 * signed-in account, or some roles. Ownership ("only your own profile") is the service's check,
 * since only it knows what is owned.
 */
export type Access =
  { kind: 'anyone' } | { kind: 'signed-in' } | { kind: 'roles'; roles: readonly Role[] };

export const anyone = { kind: 'anyone' } as const satisfies Access;
export const signedIn = { kind: 'signed-in' } as const satisfies Access;
export const rolesOnly = (...roles: Role[]): Access => ({ kind: 'roles', roles });
export const ADMIN_ROLES = [Role.SuperAdmin, Role.RegularAdmin] as const;
export const admins: Access = rolesOnly(...ADMIN_ROLES);

/** Whether a caller of this role (null: anonymous) passes the access rule. */
export function mayCall(access: Access, role: Role | null): boolean {
  if (access.kind === 'anyone') return true;
  if (role === null) return false;
  return access.kind === 'signed-in' || access.roles.includes(role);
}
