// The login screen at / and /login (docs/product.md §2 Login): agent or admin form, the failure alert, and the redirect once signed in.
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Box, Center, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { pathAfterSignIn } from '../../app/navigation.ts';
import { PRODUCT_NAME, usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session.ts';
import { AdminLoginForm } from './AdminLoginForm.tsx';
import { AgentLoginForm } from './AgentLoginForm.tsx';
import { useSignIn } from './use-sign-in.ts';
import type { TLoginMode } from './sign-in.ts';

const MODES: { value: TLoginMode; label: string }[] = [
  { value: 'agent', label: 'Login As Agent' },
  { value: 'admin', label: 'Login As Admin' },
];

export function LoginPage() {
  usePageTitle('Login');
  const { session } = useSession();
  const location = useLocation();
  const [mode, setMode] = useState<TLoginMode>('agent');
  const { submit, cancel, pending, error } = useSignIn();

  if (session !== null) return <Navigate to={pathAfterSignIn(session, location.state)} replace />;

  const switchMode = (next: TLoginMode) => {
    cancel(); // a switch clears the error and drops an attempt still under way
    setMode(next);
  };

  return (
    <Center mih="100vh" bg="gray.1" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Box ta="center">
            <Title order={1} size="h2" c="indigo.7">
              {PRODUCT_NAME}
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to continue
            </Text>
          </Box>
          <SegmentedControl fullWidth value={mode} onChange={switchMode} data={MODES} aria-label="Login mode" />
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {mode === 'agent' ? (
            <AgentLoginForm pending={pending} onSubmit={(body) => void submit({ mode: 'agent', body })} />
          ) : (
            <AdminLoginForm pending={pending} onSubmit={(body) => void submit({ mode: 'admin', body })} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
