// The login screen at / and /login (docs/product.md §2 Login): agent or admin form, the failure alert, the second
// step of an admin's sign-in (docs/trust.md, Second factor), and the redirect once signed in.
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Box, Button, Center, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { pathAfterSignIn } from '../../app/navigation.ts';
import { PRODUCT_NAME, usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session.ts';
import { AdminLoginForm } from './AdminLoginForm.tsx';
import { AgentLoginForm } from './AgentLoginForm.tsx';
import { SecondStep } from './SecondStep.tsx';
import { useSignIn, type TSecondStep } from './use-sign-in.ts';
import type { TLoginMode } from './sign-in.ts';

const MODES: { value: TLoginMode; label: string }[] = [
  { value: 'agent', label: 'Login As Agent' },
  { value: 'admin', label: 'Login As Admin' },
];

const STEP_TITLES: Record<TSecondStep['kind'], string> = {
  code: 'Your authenticator code',
  enrol: 'Set up a second factor',
  'recovery-codes': 'Save your recovery codes',
};

export function LoginPage() {
  usePageTitle('Login');
  const { session } = useSession();
  const location = useLocation();
  const [mode, setMode] = useState<TLoginMode>('agent');
  const signIn = useSignIn();
  const { submit, cancel, pending, error, step, adminUsername } = signIn;

  if (session !== null) return <Navigate to={pathAfterSignIn(session, location.state)} replace />;

  const switchMode = (next: TLoginMode) => {
    cancel(); // a switch clears the error and drops an attempt still under way
    setMode(next);
  };
  // A refused code shows under the code field; every other failure in the alert.
  const alert = error !== null && !(step !== null && error.onCode) ? error.message : null;

  return (
    <Center mih="100vh" bg="gray.1" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={step === null || step.kind === 'code' ? 420 : 480}>
        <Stack gap="lg">
          <Box ta="center">
            <Title order={1} size="h2" c="indigo.7">
              {PRODUCT_NAME}
            </Title>
            {step === null ? (
              <Text c="dimmed" size="sm">
                Sign in to continue
              </Text>
            ) : (
              <Title order={2} size="h4" fw={600} mt={4}>
                {STEP_TITLES[step.kind]}
              </Title>
            )}
          </Box>
          {step === null && (
            <SegmentedControl fullWidth value={mode} onChange={switchMode} data={MODES} aria-label="Login mode" />
          )}
          {alert !== null && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          {step !== null ? (
            <SecondStep step={step} signIn={signIn} />
          ) : mode === 'agent' ? (
            <AgentLoginForm pending={pending} onSubmit={(body) => void submit({ mode: 'agent', body })} />
          ) : (
            <AdminLoginForm
              pending={pending}
              initialUsername={adminUsername}
              onSubmit={(body) => void submit({ mode: 'admin', body })}
            />
          )}
          {step !== null && step.kind !== 'recovery-codes' && (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={() => signIn.backToPassword()}>
              Back to the password
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
