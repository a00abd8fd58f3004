// Runs one sign-in at a time: a newer attempt or a form switch cancels the older one, so a late reply cannot log in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session.ts';
import { loginErrorMessage, requestSignIn, type TSignInRequest } from './sign-in.ts';

export function useSignIn() {
  const { signIn } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setPending(false);
    setError(null);
  }, []);

  const submit = useCallback(
    async (request: TSignInRequest) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setPending(true);
      setError(null);
      try {
        const { jwtToken } = await requestSignIn(request, controller.signal);
        // The session change re-renders the login page, which redirects to the user's landing page.
        if (!controller.signal.aborted) signIn(jwtToken);
      } catch (caught) {
        if (!controller.signal.aborted) setError(loginErrorMessage(caught));
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setPending(false);
        }
      }
    },
    [signIn],
  );

  useEffect(() => () => controllerRef.current?.abort(), []);

  return { submit, cancel, pending, error };
}
