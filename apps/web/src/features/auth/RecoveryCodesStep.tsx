// The ten recovery codes, shown once right after enrolment: copy them or download them as a .txt file, then go on.
import { Box, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../app/page-title.ts';
import { saveBlob } from '../../app/save-file.ts';
import { recoveryCodesFileName, recoveryCodesText } from './mfa.ts';
import type { TRecoveryCodesStep } from './use-sign-in.ts';

const CODES_GRID = {
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: '4px 12px',
  listStyle: 'none',
  margin: 0,
  padding: 0,
} as const;

type Props = { step: TRecoveryCodesStep; onDone: () => void };

export function RecoveryCodesStep({ step, onDone }: Props) {
  const text = recoveryCodesText(step.codes, step.username, PRODUCT_NAME);
  const download = () =>
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), recoveryCodesFileName(step.username));
  return (
    <Stack gap="md">
      <Text size="sm">
        Your second factor is set up. Keep these recovery codes somewhere safe (not on this computer): each signs you in
        once if your phone is lost. <strong>They are not shown again.</strong>
      </Text>
      <Box component="ol" aria-label="Recovery codes" style={CODES_GRID}>
        {step.codes.map((code) => (
          <Box component="li" key={code} ff="monospace" fw={600} ta="center" bg="gray.0" py={2}>
            {code}
          </Box>
        ))}
      </Box>
      <Group grow gap="sm">
        <CopyButton value={step.codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy} data-autofocus autoFocus>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          Download .txt
        </Button>
      </Group>
      <Button fullWidth onClick={onDone}>
        I have saved them
      </Button>
    </Stack>
  );
}
