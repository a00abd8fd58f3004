// Asks before a call in progress is left: another screen of the app (react-router's blocker; the app runs a data
// router, app/App.tsx) or a reload or closed tab (the browser's beforeunload). Signing out or an ended session is not
// held up: the draft on the server resumes the call at the next sign-in.
import { useEffect, useEffectEvent } from 'react';
import { useBlocker } from 'react-router';
import { modals } from '@mantine/modals';

export const LEAVE_CALL_TITLE = 'Leave this call?';

type Options = {
  /** A call with answers not yet saved to the lead is on screen. */
  active: boolean;
  /** What leaving means for this call (where it resumes, or that its answers are lost). */
  message: string;
  /** Runs before the app leaves (the last draft is sent). */
  beforeLeave: () => Promise<void>;
};

export function useLeaveGuard({ active, message, beforeLeave }: Options) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && nextLocation.pathname !== '/login' && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const ask = useEffectEvent(() => {
    if (blocker.state !== 'blocked') return;
    const { proceed, reset } = blocker;
    let settled = false;
    modals.openConfirmModal({
      title: LEAVE_CALL_TITLE,
      children: message,
      labels: { confirm: 'Leave', cancel: 'Stay on this call' },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        settled = true;
        void beforeLeave().finally(proceed);
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

  const onBeforeUnload = useEffectEvent((event: BeforeUnloadEvent) => {
    void beforeLeave();
    event.preventDefault();
    // Older browsers show the dialog only when returnValue is set.
    event.returnValue = '';
  });
  useEffect(() => {
    if (!active) return;
    const listener = (event: BeforeUnloadEvent) => onBeforeUnload(event);
    window.addEventListener('beforeunload', listener);
    return () => window.removeEventListener('beforeunload', listener);
  }, [active]);
}
