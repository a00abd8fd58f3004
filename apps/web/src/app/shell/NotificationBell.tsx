// The top bar's bell (docs/notifications.md): the unread count, a list of the user's newest notifications (title, body,
// time; unread ones marked), a click opens the thing told of and marks it read, "Mark all read". Live: the stream adds
// each new one without a reload. Keyboard: the bell is a button, the list's items are buttons, Escape closes.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_MESSAGES as M, type TNotification } from '@crm/shared';
import { markNotificationsRead, useNotifications, useNotificationStream } from '../notifications.ts';
import { formatDateTimeMinutes } from '../time-zone.ts';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

function Item({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  const unread = n.readAt === null;
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      p="xs"
      data-testid="notification"
      data-unread={unread}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: unread ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
          {n.title}
        </Text>
        {unread && (
          <Badge size="xs" color="indigo" variant="filled">
            {M.unreadMark}
          </Badge>
        )}
      </Group>
      {n.body !== '' && (
        <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {n.body}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTimeMinutes(n.createdAt)}
      </Text>
    </UnstyledButton>
  );
}

export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useNotifications();
  useNotificationStream(true);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const open = (n: TNotification) => {
    setOpened(false);
    if (n.readAt === null) void markNotificationsRead(queryClient, { ids: [n.id] });
    if (n.link !== null) void navigate(n.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} withArrow trapFocus shadow="md">
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={M.bellLabel(unread)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label={M.listTitle}>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{M.listTitle}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void markNotificationsRead(queryClient, { all: true })}
          >
            {M.markAllRead}
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {M.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={4}>
              {items.map((n) => (
                <Box key={n.id} component="div">
                  <Item n={n} onOpen={open} />
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
