// The left sidebar: product name and the menus of the signed-in role (MENUS_BY_ROLE), each a group that folds away
// (remembered on this desk) and always stays open while it holds the page shown.
import { useEffect, useRef } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { MENUS_BY_ROLE, type TMenu } from '@crm/shared';
import { sessionCampaign, type TSession } from '../session.ts';
import { PRODUCT_NAME } from '../page-title.ts';
import { menuStates, isMenuItemActive, menuHref } from './menu-links.ts';
import { HEADER_HEIGHT } from './layout.ts';

type SidebarProps = {
  session: TSession;
  /** Closes the drawer on small screens. */
  onNavigate: () => void;
};

/** The menus folded away on this desk, by title. */
const FOLDED_KEY = 'sidebar-folded-menus';

/** An item's line: 13 px words on a 21 px row, so an admin's four menus (27 items) fit 768 pixels unfolded. */
const ITEM_STYLES = {
  root: { borderRadius: 'var(--mantine-radius-md)', height: 21, paddingTop: 0, paddingBottom: 0 },
  label: { fontSize: 13, lineHeight: '21px' },
} as const;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
    >
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

type MenuGroupProps = {
  menu: TMenu;
  open: boolean;
  /** The page shown is one of its items: it cannot be folded. */
  holdsActive: boolean;
  onToggle: () => void;
  href: (item: TMenu['items'][number]) => string;
  pathname: string;
  onNavigate: () => void;
};

function MenuGroup({ menu, open, holdsActive, onToggle, href, pathname, onNavigate }: MenuGroupProps) {
  const id = `menu-${menu.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box component="nav" aria-label={menu.title} mb={2}>
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={id}
        disabled={holdsActive}
        title={holdsActive ? 'Holds the page shown' : open ? `Fold ${menu.title}` : `Unfold ${menu.title}`}
        w="100%"
        px="sm"
        h={18}
        style={{ cursor: holdsActive ? 'default' : 'pointer' }}
      >
        <Group gap={6} wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" lh="18px">
            {menu.title}
          </Text>
          <Box c="dimmed" lh={0}>
            <Chevron open={open} />
          </Box>
        </Group>
      </UnstyledButton>
      {open && (
        <div id={id}>
          {menu.items.map((item) => (
            <NavLink
              key={item.path}
              component={RouterLink}
              to={href(item)}
              label={item.label}
              active={isMenuItemActive(item, pathname)}
              onClick={onNavigate}
              variant="filled"
              styles={ITEM_STYLES}
            />
          ))}
        </div>
      )}
    </Box>
  );
}

export function Sidebar({ session, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const campaign = sessionCampaign(session);
  const menus = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useLocalStorage<string[]>({
    key: FOLDED_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const roleMenus = MENUS_BY_ROLE[session.role];
  const open = menuStates(roleMenus, folded, pathname);
  // The page opened (from a link, the address or a reload) keeps its item in view, whatever the window's height.
  useEffect(() => {
    menus.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  const toggle = (title: string) =>
    setFolded((now) => (now.includes(title) ? now.filter((t) => t !== title) : [...now, title]));
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
      {/* Scrolls on its own, with its scrollbar shown whenever the menus are taller than the window (a short window,
          or a browser's larger font); a menu folds away for room. */}
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
        {roleMenus.map((menu) => (
          <MenuGroup
            key={menu.title}
            menu={menu}
            open={open.get(menu.title)?.open ?? true}
            holdsActive={open.get(menu.title)?.holdsActive ?? false}
            onToggle={() => toggle(menu.title)}
            href={(item) => menuHref(item, campaign)}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ))}
      </AppShell.Section>
    </>
  );
}
