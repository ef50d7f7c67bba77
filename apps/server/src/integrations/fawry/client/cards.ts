/**
 * Saved cards: the hosted page that saves one (its return query is not signed), the list that
 * confirms it, deleting one; and the merchant's bank installment plans.
 */
import { FawryError, kindOfFawryCode } from '../errors';
import type {
  FawryCardTokenReturn,
  FawryInstallmentPlan,
  FawrySavedCard,
  QueryInput,
} from '../interface';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import {
  deleteCardTokenSignatureString,
  listCardTokensSignatureString,
  parseAmount,
  sha256Hex,
} from '../signatures';
import type { FawryContext } from './context';
import { dateOf, isObject, numberOf, queryObject, textOf } from './read';
import type { Json } from './read';

/** The hosted card-tokenization page for the browser; it returns to returnUrl with the token. */
export function cardTokenUrl(
  ctx: FawryContext,
  input: { customerProfileId: string; returnUrl: string; locale?: 'ar' | 'en' },
): string {
  const url = new URL(`${ctx.baseUrl}${FAWRY_PATHS.cardTokenPage}`);
  url.searchParams.set('accNo', ctx.merchantCode);
  url.searchParams.set('customerProfileId', input.customerProfileId);
  url.searchParams.set('returnUrl', input.returnUrl);
  url.searchParams.set('locale', input.locale ?? (ctx.defaultLanguage === 'ar-eg' ? 'ar' : 'en'));
  return url.href;
}

/** The card page's return query. Not signed: confirm with listCardTokens before trusting it. */
export function readCardTokenReturn(query: QueryInput): FawryCardTokenReturn {
  const q = queryObject(query);
  const code = numberOf(q.statusCode);
  const token = textOf(q.token);
  if (code !== FAWRY_STATUS.ok || !token) {
    const description = textOf(q.statusDescription);
    throw new FawryError(
      code === undefined ? 'unavailable' : kindOfFawryCode(code),
      `Fawry card page returned ${code ?? 'no status'}${description ? ` ${description}` : ''}`,
      {
        ...(code !== undefined ? { providerCode: code } : {}),
        ...(description ? { providerDescription: description } : {}),
      },
    );
  }
  return {
    token,
    lastFourDigits: textOf(q.lastFourDigits),
    firstSixDigits: textOf(q.firstSixDigits),
    holderName: textOf(q.cardHolderName),
    createdAt: dateOf(q.creationDate),
    isDefault: q.isDefault === 'true' || q.default === 'true',
  };
}

function savedCardOf(card: Json): FawrySavedCard[] {
  const token = textOf(card.token);
  if (!token) return [];
  return [
    {
      token,
      lastFourDigits: textOf(card.lastFourDigits) ?? '',
      firstSixDigits: textOf(card.firstSixDigits) ?? '',
      brand: textOf(card.brand) ?? '',
      holderName: textOf(card.cardHolderName),
      createdAt: dateOf(card.creationDate),
      isDefault: card.isDefault === true || card.default === true,
    },
  ];
}

export async function listCardTokens(
  ctx: FawryContext,
  customerProfileId: string,
): Promise<FawrySavedCard[]> {
  const { merchantCode, securityKey } = ctx;
  const signature = sha256Hex(
    listCardTokensSignatureString(merchantCode, customerProfileId, securityKey),
  );
  const payload = await ctx.call('list-card-tokens', 'GET', FAWRY_PATHS.cardToken, {
    query: { merchantCode, customerProfileId, signature },
    logContext: { customerProfileId },
  });
  const cards = isObject(payload) && Array.isArray(payload.cards) ? payload.cards : [];
  return cards.filter(isObject).flatMap(savedCardOf);
}

export async function deleteCardToken(
  ctx: FawryContext,
  { customerProfileId, cardToken }: { customerProfileId: string; cardToken: string },
): Promise<void> {
  const { merchantCode, securityKey } = ctx;
  const signature = sha256Hex(
    deleteCardTokenSignatureString({ merchantCode, customerProfileId, cardToken }, securityKey),
  );
  // Fawry's page shows a JSON body, but the API reads these from the query string.
  await ctx.call('delete-card-token', 'DELETE', FAWRY_PATHS.cardToken, {
    query: { merchantCode, customerProfileId, cardToken, signature },
    logContext: { customerProfileId },
  });
}

function installmentPlanOf(entry: Json): FawryInstallmentPlan[] {
  const plan = isObject(entry.installmentPlan) ? entry.installmentPlan : undefined;
  const id = plan ? numberOf(plan.id) : undefined;
  const months = plan ? numberOf(plan.noOfMonths) : undefined;
  if (!plan || id === undefined || months === undefined) return [];
  const account = isObject(plan.accountType) ? plan.accountType : undefined;
  const bank = account && isObject(account.bank) ? account.bank : undefined;
  return [
    {
      id,
      months,
      nameAr: textOf(plan.nameAr) ?? '',
      nameEn: textOf(plan.nameEn) ?? '',
      ratePercent: numberOf(plan.rate) ?? 0,
      minPiasters: parseAmount(plan.minAmount) ?? 0,
      maxPiasters: parseAmount(plan.maxAmount) ?? Number.MAX_SAFE_INTEGER,
      bankNameAr: bank ? textOf(bank.nameAr) : undefined,
      bankNameEn: bank ? textOf(bank.nameEn) : undefined,
    },
  ];
}

export async function installmentPlans(ctx: FawryContext): Promise<FawryInstallmentPlan[]> {
  const payload = await ctx.call('installment-plans', 'GET', FAWRY_PATHS.installmentPlans, {
    query: { accountNumber: ctx.merchantCode },
  });
  const list = Array.isArray(payload) ? payload : [];
  return list.filter(isObject).flatMap(installmentPlanOf);
}
