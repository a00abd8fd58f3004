// Asks before unsaved work is left behind (a form's changes, a call's answers): another screen of the app or the same
// screen with another address (react-router's blocker; the app runs a data router, app/App.tsx), or a reload or
// closed tab (the browser's own beforeunload question). Signing out or an ended session goes to /login: not held up.
import { useEffect, useEffectEvent } from 'react';
import { useBlocker } from 'react-router';
import { modals } from '@mantine/modals';

export const LEAVE_UNSAVED_TITLE = 'Leave without saving?';

type Options = {
  /** Work not saved yet is on screen. */
  active: boolean;
  /** What is lost, e.g. "The changes to the dispositions are not saved." */
  message: string;
  /** The question's title (LEAVE_UNSAVED_TITLE unless said). */
  title?: string;
  /** The button that stays ('Stay' unless said). */
  stayLabel?: string;
  /** Runs before the app leaves, and as the tab closes (e.g. the last draft is sent). */
  beforeLeave?: () => Promise<void>;
};

export function useUnsavedGuard({
  active,
  message,
  title = LEAVE_UNSAVED_TITLE,
  stayLabel = 'Stay',
  beforeLeave,
}: Options) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const ask = useEffectEvent(() => {
    if (blocker.state !== 'blocked') return;
    const { proceed, reset } = blocker;
    let settled = false;
    modals.openConfirmModal({
      title,
      children: message,
      labels: { confirm: 'Leave', cancel: stayLabel },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        settled = true;
        if (beforeLeave === undefined) proceed();
        else void beforeLeave().finally(proceed);
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
    if (beforeLeave !== undefined) void beforeLeave();
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  });
  useEffect(() => {
    if (!active) return;
    const listener = (event: BeforeUnloadEvent) => onBeforeUnload(event);
    window.addEventListener('beforeunload', listener);
    return () => window.removeEventListener('beforeunload', listener);
  }, [active]);
}
