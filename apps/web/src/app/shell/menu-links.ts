// Turns the shared sidebar menus into links: the agent's CRM screens carry their campaign in the URL.
import type { TMenuItem } from '@crm/shared';

const CAMPAIGN_SCREENS = new Set(['/CRM', '/viewFullCRM']);

export function menuHref(item: TMenuItem, campaign: string | undefined): string {
  if (!CAMPAIGN_SCREENS.has(item.path) || !campaign) return item.path;
  return `${item.path}?campaignName=${encodeURIComponent(campaign)}`;
}

/** A menu item stays highlighted on its sub-pages too (e.g. Question on /question/create). */
export function isMenuItemActive(item: TMenuItem, pathname: string): boolean {
  const path = item.path.toLowerCase();
  const current = pathname.toLowerCase();
  return current === path || current.startsWith(`${path}/`);
}
