// Turns the shared sidebar menus into links: the agent's CRM screens carry their campaign in the URL.
import { matchPath } from 'react-router';
import { APP_ROUTES, type TAppRoute, type TMenuItem } from '@crm/shared';

const CAMPAIGN_SCREENS = new Set(['/CRM', '/viewFullCRM']);

export function menuHref(item: TMenuItem, campaign: string | undefined): string {
  if (!CAMPAIGN_SCREENS.has(item.path) || !campaign) return item.path;
  return `${item.path}?campaignName=${encodeURIComponent(campaign)}`;
}

/** The screen of a location (its route pattern), if it is one of APP_ROUTES. */
export function routeOf(pathname: string): TAppRoute | undefined {
  return (APP_ROUTES as readonly TAppRoute[]).find(
    (route) => matchPath({ path: route.path, caseSensitive: false }, pathname) !== null,
  );
}

/**
 * A menu item stays highlighted on its sub-pages: paths under it (Question on /question/create) and the screens
 * whose parent it is (Agents on /editAgent/12, Logic Setting on /logicManagement/…).
 */
export function isMenuItemActive(item: TMenuItem, pathname: string): boolean {
  const path = item.path.toLowerCase();
  const current = pathname.toLowerCase();
  if (current === path || current.startsWith(`${path}/`)) return true;
  return routeOf(pathname)?.parent === item.path;
}
