import { Role } from './enums';

/**
 * Who may call an endpoint (spec section 6), as data: the server checks it on every route and the
 * contracts, the API reference and the permission test read the same value. Ownership ("only your
 * own profile") is the service's to check, since it knows what is owned.
 */
export type Access =
  { kind: 'anyone' } | { kind: 'signed-in' } | { kind: 'roles'; roles: readonly Role[] };

export const anyone: Access = { kind: 'anyone' };
export const signedIn: Access = { kind: 'signed-in' };
export const rolesOnly = (...roles: Role[]): Access => ({ kind: 'roles', roles });
export const ADMIN_ROLES = [Role.SuperAdmin, Role.RegularAdmin] as const;
export const admins: Access = rolesOnly(...ADMIN_ROLES);
