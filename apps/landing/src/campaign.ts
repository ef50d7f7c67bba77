import { campaignOfQuery, readCampaign } from '@talaqa/domain';
import type { Campaign } from '@talaqa/domain';

/**
 * The campaign of this visit (record 351): kept for the tab's session, from the short link or
 * from `?campaign=&source=` on whichever page the visitor first landed, and added to every link
 * into the main app, which keeps it for the sign-up (other origin: its storage is not ours).
 */
export const CAMPAIGN_SESSION_KEY = 'talaqa.campaign';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage refused (a privacy mode): the campaign simply is not kept.
    return undefined;
  }
}

export function keepCampaign(campaign: Campaign | undefined): void {
  if (!campaign) return;
  try {
    storage()?.setItem(CAMPAIGN_SESSION_KEY, JSON.stringify(campaign));
  } catch {
    // Full or refused storage: nothing to keep, nothing breaks.
  }
}

export function keptCampaign(): Campaign | undefined {
  try {
    const text = storage()?.getItem(CAMPAIGN_SESSION_KEY);
    return text ? readCampaign(JSON.parse(text)) : undefined;
  } catch {
    return undefined;
  }
}

/** At start-up: a campaign in the address replaces the kept one (the newest link wins here). */
export function keepCampaignOfAddress(search: string): void {
  keepCampaign(campaignOfQuery(search));
}
