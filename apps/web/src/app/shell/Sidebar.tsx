// The left sidebar: product name and the menus of the signed-in role (MENUS_BY_ROLE).
import { useEffect, useRef } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { MENUS_BY_ROLE } from '@crm/shared';
import { sessionCampaign, type TSession } from '../session.ts';
import { PRODUCT_NAME } from '../page-title.ts';
import { isMenuItemActive, menuHref } from './menu-links.ts';
import { HEADER_HEIGHT } from './layout.ts';

type SidebarProps = {
  session: TSession;
  /** Closes the drawer on small screens. */
  onNavigate: () => void;
};

export function Sidebar({ session, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const campaign = sessionCampaign(session);
  const menus = useRef<HTMLDivElement>(null);
  // The page opened (from a link, the address or a reload) keeps its item in view, whatever the window's height.
  useEffect(() => {
    menus.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <>
      <AppShell.Section h={HEADER_HEIGHT} px="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" c="indigo.7">
            {PRODUCT_NAME}
          </Title>
          {/* In the alt layout the open drawer covers the top bar's burger on small screens. */}
          <Burger opened onClick={onNavigate} hiddenFrom="sm" size="sm" aria-label="Close navigation" />
        </Group>
      </AppShell.Section>
      {/* Scrolls on its own, with its scrollbar shown whenever the menus are taller than the window; items are compact
          so an admin's three menus fit 768 pixels without scrolling. */}
      <AppShell.Section
        grow
        component={ScrollArea}
        type="auto"
        scrollbarSize={8}
        px="xs"
        py={4}
        data-testid="sidebar-scroll"
        viewportRef={menus}
      >
        {MENUS_BY_ROLE[session.role].map((menu) => (
          <Box key={menu.title} component="nav" aria-label={menu.title} mb={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={2}>
              {menu.title}
            </Text>
            {menu.items.map((item) => (
              <NavLink
                key={item.path}
                component={RouterLink}
                to={menuHref(item, campaign)}
                label={item.label}
                active={isMenuItemActive(item, pathname)}
                onClick={onNavigate}
                variant="filled"
                py={1}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Box>
        ))}
      </AppShell.Section>
    </>
  );
}
