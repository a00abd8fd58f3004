// Turns the shared sidebar menus into links (the agent's CRM screens carry their campaign in the URL), which item is
// the page shown, and which menus are open.
import { matchPath } from 'react-router';
import { APP_ROUTES, type TAppRoute, type TMenu, type TMenuItem } from '@crm/shared';

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

/**
 * Each menu's state in the sidebar: open unless folded away, and always open while one of its items is the page shown
 * (the active item is never hidden).
 */
export function menuStates(
  menus: readonly TMenu[],
  folded: readonly string[],
  pathname: string,
): Map<string, { open: boolean; holdsActive: boolean }> {
  return new Map(
    menus.map((menu) => {
      const holdsActive = menu.items.some((item) => isMenuItemActive(item, pathname));
      return [menu.title, { open: holdsActive || !folded.includes(menu.title), holdsActive }];
    }),
  );
}
