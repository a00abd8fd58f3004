// The second step of Login As Admin, by kind: a code of the enrolled app, enrolment, or the new recovery codes.
import { Text } from '@mantine/core';
import { CodeForm } from './CodeForm.tsx';
import { EnrolStep } from './EnrolStep.tsx';
import { RecoveryCodesStep } from './RecoveryCodesStep.tsx';
import type { TSecondStep, useSignIn } from './use-sign-in.ts';

type Props = { step: TSecondStep; signIn: ReturnType<typeof useSignIn> };

export function SecondStep({ step, signIn }: Props) {
  const { pending, error, submitCode, skip, finishEnrolment, dismissError } = signIn;
  const refusal = error !== null && error.onCode ? error.message : null;
  const send = (code: string) => void submitCode(code);
  if (step.kind === 'recovery-codes') return <RecoveryCodesStep step={step} onDone={finishEnrolment} />;
  if (step.kind === 'enrol') {
    return (
      <EnrolStep
        step={step}
        pending={pending}
        refusal={refusal}
        onSubmit={send}
        onSkip={() => void skip()}
        onEdit={dismissError}
      />
    );
  }
  return (
    <>
      <Text size="sm">
        Signing in as <strong>{step.username}</strong>. Enter the 6-digit code your authenticator app shows now, or one
        of your recovery codes.
      </Text>
      <CodeForm
        pending={pending}
        refusal={refusal}
        submitLabel="Verify and sign in"
        allowRecovery
        onSubmit={send}
        onEdit={dismissError}
      />
    </>
  );
}
