// The code field of the second step: the authenticator app's 6 digits (or, where offered, a recovery code), Enter
// sends. A refused code stays in the field, selected, so the next one simply replaces it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { isTotpShaped, MFA_TEXT, normalizeTotp } from './mfa.ts';

type Props = {
  pending: boolean;
  /** The server's refusal of the last code sent, shown under the field. */
  refusal: string | null;
  submitLabel: string;
  /** Offer "Use a recovery code" (signing in; not when confirming a new enrolment). */
  allowRecovery: boolean;
  onSubmit: (code: string) => void;
  /** The field changed: a refusal of the code before no longer applies. */
  onEdit: () => void;
};

export function CodeForm({ pending, refusal, submitLabel, allowRecovery, onSubmit, onEdit }: Props) {
  const [recovery, setRecovery] = useState(false);
  // Each kind keeps its own text, so switching back and forth loses nothing typed.
  const [totp, setTotp] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (refusal !== null) inputRef.current?.select();
  }, [refusal]);

  const value = recovery ? recoveryCode : totp;
  const change = (next: string) => {
    setMissing(null);
    onEdit();
    if (recovery) setRecoveryCode(next);
    else setTotp(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (recovery) {
      if (recoveryCode.trim() === '') setMissing(MFA_TEXT.recoveryNeeded);
      else onSubmit(recoveryCode.trim());
    } else if (!isTotpShaped(totp)) {
      setMissing(MFA_TEXT.codeNeeded);
      inputRef.current?.focus();
    } else {
      onSubmit(normalizeTotp(totp));
    }
  };

  const switchKind = () => {
    setMissing(null);
    onEdit();
    // The field is mounted anew (key) and takes the focus, ready for the next keystroke.
    setRecovery((current) => !current);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Second step">
      <Stack gap="sm">
        <TextInput
          ref={inputRef}
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? MFA_TEXT.recoveryLabel : MFA_TEXT.codeLabel}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          autoCapitalize="off"
          autoFocus
          maxLength={recovery ? 40 : 9}
          placeholder={recovery ? 'XXXXX-XXXXX' : '123456'}
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          error={missing ?? refusal ?? undefined}
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              fontSize: 'var(--mantine-font-size-lg)',
              letterSpacing: recovery ? undefined : '0.2em',
            },
          }}
        />
        <Button type="submit" fullWidth loading={pending}>
          {submitLabel}
        </Button>
        {allowRecovery && (
          <Group justify="center">
            <Button variant="subtle" size="compact-sm" onClick={switchKind}>
              {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
