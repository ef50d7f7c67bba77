import { withCampaign } from '@talaqa/domain';
import { keepCampaignOfAddress, keptCampaign } from '../campaign';
import { APP_LINK_ATTRIBUTE } from '../paths';

/**
 * Keeps the campaign of the address (record 351) and adds the visit's campaign to every link
 * into the main app on the page, which a page rendered at build time cannot know.
 */
export function carryCampaign(page: ParentNode, search: string): void {
  keepCampaignOfAddress(search);
  const campaign = keptCampaign();
  if (!campaign) return;
  for (const link of page.querySelectorAll<HTMLAnchorElement>(`a[${APP_LINK_ATTRIBUTE}]`)) {
    link.href = withCampaign(new URL(link.href), campaign).href;
  }
}
