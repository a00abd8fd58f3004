// The way back from a sub-page to its list (Agents › Edit agent), above the page: every edit and create page has one.
import { Link, useLocation } from 'react-router';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { APP_ROUTES, type TAppRoute } from '@crm/shared';
import { routeOf } from './menu-links.ts';

export function PageTrail() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  const parent =
    route?.parent === undefined ? undefined : (APP_ROUTES as readonly TAppRoute[]).find((r) => r.path === route.parent);
  if (route === undefined || parent === undefined) return null;
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="xs" separator="›" fz="sm">
        <Anchor component={Link} to={parent.path} size="sm">
          {parent.title}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {route.title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
