/** The student's own profile (spec: the complete-profile stepper's "main info"). */
import { Role } from '../enums';
import { rolesOnly } from '../access';
import { endpoint } from '../contract/endpoint';
import { userSchema } from '../api/profiles';
import { studentProfileBodySchema, studentProfilePatchBodySchema } from './validation';

/** Read when this module loads, as the route read it when the server started. */
const currentYear = new Date().getUTCFullYear();
const students = rolesOnly(Role.Student);

export const studentEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/student/',
    summary: 'Saves the main info of the complete-profile stepper',
    access: students,
    body: studentProfileBodySchema(currentYear),
    responses: { 200: userSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/student/',
    summary: 'Changes some of the main info (what is sent)',
    access: students,
    body: studentProfilePatchBodySchema(currentYear),
    responses: { 200: userSchema },
    errors: ['empty-request'],
  }),
};
