// Asks before a form's unsaved changes are left behind: another screen of the app (react-router's blocker; the app
// runs a data router, app/App.tsx) or a reload or closed tab (the browser's own beforeunload question).
import { useEffect, useEffectEvent } from 'react';
import { useBlocker } from 'react-router';
import { modals } from '@mantine/modals';

export const LEAVE_UNSAVED_TITLE = 'Leave without saving?';

type Options = {
  /** The form holds changes not saved yet. */
  active: boolean;
  /** What is lost, e.g. "The changes to the dispositions are not saved." */
  message: string;
};

export function useUnsavedGuard({ active, message }: Options) {
  // Signing out or an ended session goes to /login: not held up.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && nextLocation.pathname !== '/login' && currentLocation.pathname !== nextLocation.pathname);

  const ask = useEffectEvent(() => {
    if (blocker.state !== 'blocked') return;
    const { proceed, reset } = blocker;
    let settled = false;
    modals.openConfirmModal({
      title: LEAVE_UNSAVED_TITLE,
      children: message,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        settled = true;
        proceed();
      },
      onCancel: () => {
        settled = true;
        reset();
      },
      // Escape or a click outside: stay.
      onClose: () => {
        if (!settled) reset();
        settled = true;
      },
    });
  });
  useEffect(() => {
    if (blocker.state === 'blocked') ask();
  }, [blocker.state]);

  useEffect(() => {
    if (!active) return;
    const listener = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', listener);
    return () => window.removeEventListener('beforeunload', listener);
  }, [active]);
}
