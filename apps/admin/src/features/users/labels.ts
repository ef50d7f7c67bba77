/**
 * Dashboard-only extras around the enumerations. Their Arabic names (roles, genders, governorates,
 * English levels, notification methods) are shared with the app and live in @talaqa/ui.
 */
import { ROLES, Role, isAdminRole } from '@talaqa/domain';

/** The roles a viewer may give: only a super admin creates or appoints admins (roles 1 and 2). */
export function assignableRoles(viewerRole: Role): Role[] {
  return viewerRole === Role.SuperAdmin ? [...ROLES] : ROLES.filter((role) => !isAdminRole(role));
}
