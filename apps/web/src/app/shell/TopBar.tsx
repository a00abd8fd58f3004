// The top bar: burger (small screens), the sidebar's hide/show button (wide screens), an agent's due callbacks, live
// clock, the notifications bell, the signed-in user and the Logout menu.
import { ActionIcon, Avatar, Burger, Group, Menu, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { ROLE_DESCRIPTIONS } from '@crm/shared';
import { useSession, type TSession } from '../session.ts';
import { PRODUCT_NAME } from '../page-title.ts';
import { CallbacksDue } from './CallbacksDue.tsx';
import { Clock } from './Clock.tsx';
import { NotificationBell } from './NotificationBell.tsx';

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

function UserDetails({ session }: { session: TSession }) {
  const { user, role } = session;
  const detail = role === 'AGENT' ? [user.shift, user.campaign].filter(Boolean).join(' · ') : ROLE_DESCRIPTIONS[role];
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={600} lh={1.2} data-testid="user-name">
        {user.name}
      </Text>
      <Text size="xs" c="dimmed" lh={1.2} data-testid="user-detail">
        {detail}
      </Text>
    </Stack>
  );
}

type TopBarProps = {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  sidebarHidden: boolean;
  onToggleSidebar: () => void;
};

/** Two bars and an arrow: the sidebar's hide/show control. */
function SidebarIcon({ hidden }: { hidden: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
      <path d={hidden ? 'M13 10l2 2-2 2' : 'M16 10l-2 2 2 2'} />
    </svg>
  );
}

export function TopBar({ navbarOpened, onToggleNavbar, sidebarHidden, onToggleSidebar }: TopBarProps) {
  const { session, signOut } = useSession();
  if (session === null) return null;
  const sidebarLabel = sidebarHidden ? 'Show sidebar' : 'Hide sidebar';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Tooltip label={sidebarLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            visibleFrom="sm"
            onClick={onToggleSidebar}
            aria-label={sidebarLabel}
            aria-pressed={sidebarHidden}
          >
            <SidebarIcon hidden={sidebarHidden} />
          </ActionIcon>
        </Tooltip>
        <Title order={3} size="h4" c="indigo.7" hiddenFrom={sidebarHidden ? undefined : 'sm'}>
          {PRODUCT_NAME}
        </Title>
      </Group>
      <Group gap="lg" wrap="nowrap">
        {session.role === 'AGENT' && <CallbacksDue />}
        <Clock />
        <NotificationBell />
        <Menu position="bottom-end" width={200} withArrow>
          <Menu.Target>
            <UnstyledButton aria-haspopup="menu" px="xs" py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Group gap="sm" wrap="nowrap">
                <UserDetails session={session} />
                <Avatar color="indigo" radius="xl" size="md">
                  {initials(session.user.name)}
                </Avatar>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{session.user.userName}</Menu.Label>
            <Menu.Item color="red" onClick={signOut}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
