// The signed-in frame (sidebar, top bar, content); without a session the page renders bare (docs/product.md §2 Shell).
// Built for 1366×768: a compact top bar, a sidebar that scrolls on its own and can be hidden for more room (the
// choice is remembered), and the way back from a sub-page above it.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useSession } from '../session.ts';
import { HEADER_HEIGHT, NAVBAR_WIDTH } from './layout.ts';
import { dismissErrorNotifications } from './notices.ts';
import { PageTrail } from './PageTrail.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

export function AppLayout() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [sidebarHidden, setSidebarHidden] = useLocalStorage({
    key: 'sidebar-hidden',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // A page's errors belong to it: opening another page clears them.
  useEffect(() => dismissErrorNotifications(), [pathname]);
  if (session === null) return <Outlet />;
  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: sidebarHidden } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          navbarOpened={opened}
          onToggleNavbar={toggle}
          sidebarHidden={sidebarHidden}
          onToggleSidebar={() => setSidebarHidden((hidden) => !hidden)}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Sidebar">
        <Sidebar session={session} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <PageTrail />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
