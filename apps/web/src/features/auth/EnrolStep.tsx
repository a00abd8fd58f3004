// Enrolment of the second factor: the QR code and the secret (shown this once), a code of the app to confirm, and
// "Skip for now" while the user may still put it off.
import { lazy, Suspense } from 'react';
import { Box, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { CodeForm } from './CodeForm.tsx';
import { groupSecret } from './mfa.ts';
import type { TEnrolStep } from './use-sign-in.ts';

// The QR library is needed only here, once per account: it loads with this step, not with every login screen.
const QrCode = lazy(() => import('./QrCode.tsx').then((module) => ({ default: module.QrCode })));
const QR_PIXELS = 148;

type Props = {
  step: TEnrolStep;
  pending: boolean;
  refusal: string | null;
  onSubmit: (code: string) => void;
  onSkip: () => void;
  onEdit: () => void;
};

function skipLabel(skipsLeft: number | null): string {
  return skipsLeft === null ? 'Skip for now' : `Skip for now (${skipsLeft} left)`;
}

export function EnrolStep({ step, pending, refusal, onSubmit, onSkip, onEdit }: Props) {
  const secret = groupSecret(step.secret);
  return (
    <Stack gap="md">
      <Text size="sm">
        Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type
        the key into it; then enter the code it shows.
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <Suspense fallback={<Box w={QR_PIXELS} h={QR_PIXELS} bg="gray.0" style={{ flexShrink: 0 }} />}>
          <QrCode value={step.otpauthUrl} pixels={QR_PIXELS} label="QR code for the authenticator app" />
        </Suspense>
        <Stack gap={6} miw={0}>
          <Text size="xs" c="dimmed" id="mfa-secret-label">
            Key (if you cannot scan)
          </Text>
          <Text
            ff="monospace"
            fw={600}
            size="md"
            style={{ wordBreak: 'break-word', userSelect: 'all' }}
            aria-labelledby="mfa-secret-label"
            data-testid="mfa-secret"
          >
            {secret}
          </Text>
          <CopyButton value={step.secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                w="fit-content"
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Group>
      <CodeForm
        pending={pending}
        refusal={refusal}
        submitLabel="Confirm and sign in"
        allowRecovery={false}
        onSubmit={onSubmit}
        onEdit={onEdit}
      />
      {step.canSkip && (
        <Button variant="default" fullWidth onClick={onSkip} disabled={pending}>
          {skipLabel(step.skipsLeft)}
        </Button>
      )}
    </Stack>
  );
}
