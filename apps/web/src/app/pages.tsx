// The real screen of each route; a route missing here shows its PlaceholderPage until its area ships.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { APP_ROUTES } from '@crm/shared';

export type TAppRoutePath = (typeof APP_ROUTES)[number]['path'];

/** A page takes no props: it reads its :params and ?query from the router. */
export type TPage = LazyExoticComponent<ComponentType>;

/**
 * Each area adds its screens with a lazy import so its code loads only when opened, e.g.
 *   '/agents': lazy(() => import('../features/agents/AgentsPage.tsx')),
 * (the module's default export is the page component).
 */
export const PAGES: Partial<Record<TAppRoutePath, TPage>> = {
  // -- agents and users
  // -- campaigns and data tables
  // -- dashboard
};
