import { AppError } from '../../errors';
import { claimFawryCustomerProfileId, findUserRow } from '../accounts';
import type { PaymentsContext } from './context';
import { newFawryCustomerProfileId } from './references';

/**
 * What Fawry knows the user by (`customerProfileId`: saved cards, charges, the card page). A
 * user who has none gets a new one on first use (`newFawryCustomerProfileId`), so a row id that
 * a reset database hands out again never reaches another user's cards. Two first uses at once
 * agree: only the first write lands and both read it back (docs/decisions/244-fawry-customer-profile-ids.md).
 */
export async function fawryProfileIdOf(ctx: PaymentsContext, userId: number): Promise<string> {
  const user = await findUserRow(ctx.db, userId);
  if (!user) throw new AppError('user-not-found');
  if (user.fawryCustomerProfileId) return user.fawryCustomerProfileId;
  const claimed = await claimFawryCustomerProfileId(
    ctx.db,
    userId,
    newFawryCustomerProfileId(ctx.config.env),
  );
  if (!claimed) throw new AppError('user-not-found');
  return claimed;
}
