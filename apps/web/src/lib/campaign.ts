import { campaignOfQuery, readCampaign } from '@talaqa/domain';
import type { Campaign } from '@talaqa/domain';

/**
 * The campaign that brought this browser (record 351): read from `?campaign=&source=` on any
 * page of the app (the short link and the marketing site's links put it there), kept in local
 * storage for 30 days, first touch (a later campaign does not replace a kept one), and sent with
 * every way of signing up. Never shown; a broken or refused storage only means it is not kept.
 */
export const CAMPAIGN_STORAGE_KEY = 'talaqa.campaign';
export const CAMPAIGN_KEEP_DAYS = 30;
const KEEP_MS = CAMPAIGN_KEEP_DAYS * 24 * 60 * 60_000;

interface Kept extends Campaign {
  keptAt: number;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function read(now: number): Kept | undefined {
  try {
    const text = storage()?.getItem(CAMPAIGN_STORAGE_KEY);
    if (!text) return undefined;
    const value = JSON.parse(text) as { keptAt?: unknown };
    const campaign = readCampaign(value);
    const keptAt = typeof value.keptAt === 'number' ? value.keptAt : Number.NaN;
    // Past its 30 days, or written in the future (a clock moved back): forgotten.
    if (!campaign || !(keptAt <= now && now - keptAt < KEEP_MS)) {
      storage()?.removeItem(CAMPAIGN_STORAGE_KEY);
      return undefined;
    }
    return { ...campaign, keptAt };
  } catch {
    return undefined;
  }
}

/** At start-up: keeps the address's campaign unless one is already kept (first touch). */
export function keepCampaignOfAddress(search: string, now: number = Date.now()): void {
  const campaign = campaignOfQuery(search);
  if (!campaign || read(now)) return;
  try {
    storage()?.setItem(CAMPAIGN_STORAGE_KEY, JSON.stringify({ ...campaign, keptAt: now }));
  } catch {
    // Full or refused storage: nothing kept, nothing broken.
  }
}

/** The kept campaign, for a sign-up's body; undefined when none (or past its 30 days). */
export function keptCampaign(now: number = Date.now()): Campaign | undefined {
  const kept = read(now);
  if (!kept) return undefined;
  return {
    ...(kept.name ? { name: kept.name } : {}),
    ...(kept.source ? { source: kept.source } : {}),
  };
}

/** Once an account is made with it, the campaign is spent. */
export function forgetCampaign(): void {
  try {
    storage()?.removeItem(CAMPAIGN_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}

/** A sign-up body with the kept campaign added (unchanged when there is none). */
export function withKeptCampaign<Body extends object>(body: Body): Body & { campaign?: Campaign } {
  const campaign = keptCampaign();
  return campaign ? { ...body, campaign } : body;
}
