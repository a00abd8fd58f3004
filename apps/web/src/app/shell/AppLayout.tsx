// The signed-in frame (sidebar, top bar, content); without a session the page renders bare (spec §2 Shell).
import { Outlet } from 'react-router';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSession } from '../session.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

export function AppLayout() {
  const { session } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  if (session === null) return <Outlet />;
  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <TopBar navbarOpened={opened} onToggleNavbar={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Sidebar">
        <Sidebar session={session} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
