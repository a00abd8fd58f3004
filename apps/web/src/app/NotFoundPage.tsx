// The catch-all screen: says the address is unknown and links home (the landing page, or sign-in).
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from './page-title.ts';
import { landingPath, useSession } from './session.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  const { session } = useSession();
  const home = session === null ? '/login' : landingPath(session);
  return (
    <Stack align="center" gap="md" py={80} px="md">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" ta="center">
        The address you opened does not match any screen of CallDesk CRM.
      </Text>
      <Button component={Link} to={home}>
        {session === null ? 'Go to sign-in' : 'Go to your start page'}
      </Button>
    </Stack>
  );
}
