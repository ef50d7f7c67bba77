/**
 * Accounts: who exists (the `users` table), as rows and as the API's User. Sign-in (auth),
 * profiles (users) and codes build on it; it depends on no other module.
 */
export { createUser, listUsers, patchUser, requireUser } from './service';
export {
  claimFawryCustomerProfileId,
  findUserRow,
  findUserRowByEmail,
  updateUserRow,
} from './repo';
export type { UserPatch } from './repo';
