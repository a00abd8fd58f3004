// Runs one sign-in at a time: a newer attempt or a form switch cancels the older one, so a late reply cannot log in.
// An admin's or QC inspector's sign-in may go on to a second step (a code, or enrolment) before the token is kept.
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { TAdminSignInResponse } from '@crm/shared';
import { useSession } from '../../app/session.ts';
import {
  isCodeRefused,
  isMfaTokenGone,
  isSkipRefused,
  MFA_TEXT,
  MFA_TOKEN_LIFETIME_MS,
  mfaErrorMessage,
  recoveryCodesLeftMessage,
  sendMfaCode,
  skipEnrolment,
} from './mfa.ts';
import { loginErrorMessage, requestSignIn, type TSignInRequest } from './sign-in.ts';

type TStepBase = { mfaToken: string; username: string; since: number };
export type TCodeStep = TStepBase & { kind: 'code' };
export type TEnrolStep = TStepBase & {
  kind: 'enrol';
  secret: string;
  otpauthUrl: string;
  canSkip: boolean;
  skipsLeft: number | null;
};
/** After enrolment: the ten recovery codes, shown once; the session starts when the user says they are saved. */
export type TRecoveryCodesStep = { kind: 'recovery-codes'; username: string; codes: string[]; jwtToken: string };
export type TSecondStep = TCodeStep | TEnrolStep | TRecoveryCodesStep;

/** A failure: on the form (alert), or under the code field when the server refused the code itself. */
export type TSignInError = { message: string; onCode: boolean };

function secondStep(reply: TAdminSignInResponse, username: string, since: number): TSecondStep | null {
  if ('mfaRequired' in reply) return { kind: 'code', mfaToken: reply.mfaToken, username, since };
  if ('enrolRequired' in reply) {
    const { mfaToken, secret, otpauthUrl, canSkip, skipsLeft } = reply;
    return {
      kind: 'enrol',
      mfaToken,
      username,
      since,
      secret,
      otpauthUrl,
      canSkip: canSkip === true,
      skipsLeft: skipsLeft ?? null,
    };
  }
  return null;
}

export function useSignIn() {
  const { signIn } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<TSignInError | null>(null);
  const [step, setStep] = useState<TSecondStep | null>(null);
  /** The admin ID of the last admin sign-in, so the password step comes back filled in. */
  const [adminUsername, setAdminUsername] = useState('');
  const controllerRef = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setPending(false);
    setError(null);
  }, []);

  /** Runs one request; a newer one or cancel() makes its outcome void. */
  const run = useCallback(
    async (task: (signal: AbortSignal) => Promise<void>, fail: (caught: unknown) => TSignInError) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setPending(true);
      setError(null);
      try {
        await task(controller.signal);
      } catch (caught) {
        if (!controller.signal.aborted) setError(fail(caught));
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setPending(false);
        }
      }
    },
    [],
  );

  const submit = useCallback(
    (request: TSignInRequest) => {
      if (request.mode === 'admin') setAdminUsername(request.body.username);
      return run(
        async (signal) => {
          const reply = await requestSignIn(request, signal);
          if (signal.aborted) return;
          const next = secondStep(reply, request.body.username, Date.now());
          // The session change re-renders the login page, which redirects to the user's landing page.
          if (next === null && 'jwtToken' in reply) signIn(reply.jwtToken);
          else setStep(next);
        },
        (caught) => ({ message: loginErrorMessage(caught), onCode: false }),
      );
    },
    [run, signIn],
  );

  /** Back to the password step, saying why when the second step can no longer succeed. */
  const backToPassword = useCallback(
    (message: string | null = null) => {
      cancel();
      setStep(null);
      if (message !== null) setError({ message, onCode: false });
    },
    [cancel],
  );

  const failStep = useCallback(
    (since: number) =>
      (caught: unknown): TSignInError => {
        if (isMfaTokenGone(caught, Date.now() - since)) {
          setStep(null);
          return { message: MFA_TEXT.expired, onCode: false };
        }
        return { message: mfaErrorMessage(caught), onCode: isCodeRefused(caught) };
      },
    [],
  );

  const submitCode = useCallback(
    (code: string) => {
      if (step === null || step.kind === 'recovery-codes') return Promise.resolve();
      const { mfaToken, username, since } = step;
      if (Date.now() - since >= MFA_TOKEN_LIFETIME_MS) {
        backToPassword(MFA_TEXT.expired);
        return Promise.resolve();
      }
      return run(async (signal) => {
        const result = await sendMfaCode(mfaToken, code, signal);
        if (signal.aborted) return;
        if (result.recoveryCodes !== undefined && result.recoveryCodes.length > 0) {
          setStep({ kind: 'recovery-codes', username, codes: result.recoveryCodes, jwtToken: result.jwtToken });
          return;
        }
        if (result.recoveryCodesLeft !== undefined) {
          const left = result.recoveryCodesLeft;
          notifications.show({
            id: 'recovery-codes-left',
            color: left <= 3 ? 'yellow' : 'blue',
            message: recoveryCodesLeftMessage(left),
            autoClose: 20_000,
          });
        }
        signIn(result.jwtToken);
      }, failStep(since));
    },
    [backToPassword, failStep, run, signIn, step],
  );

  const skip = useCallback(() => {
    if (step === null || step.kind !== 'enrol') return Promise.resolve();
    const { mfaToken, since } = step;
    const fail = failStep(since);
    return run(
      async (signal) => {
        const { jwtToken } = await skipEnrolment(mfaToken, signal);
        if (!signal.aborted) signIn(jwtToken);
      },
      (caught) => {
        if (isSkipRefused(caught))
          setStep((current) => (current?.kind === 'enrol' ? { ...current, canSkip: false } : current));
        return fail(caught);
      },
    );
  }, [failStep, run, signIn, step]);

  /** "I have saved them": the session starts only now, so the codes cannot be skipped past by a redirect. */
  const finishEnrolment = useCallback(() => {
    if (step?.kind === 'recovery-codes') signIn(step.jwtToken);
  }, [signIn, step]);

  const dismissError = useCallback(() => setError(null), []);

  useEffect(() => () => controllerRef.current?.abort(), []);

  return {
    submit,
    cancel,
    pending,
    error,
    step,
    adminUsername,
    submitCode,
    skip,
    finishEnrolment,
    backToPassword,
    dismissError,
  };
}
