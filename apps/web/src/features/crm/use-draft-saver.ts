// Sends the call's draft to the server one PUT at a time, the latest winning: a burst of typing makes one save, a save
// in flight is never overtaken by an older one, and the call's save waits for the drafts sent before it (the save
// deletes the draft on the server, so a late draft must not bring it back). A draft not yet confirmed when the tab is
// closed or reloaded goes with a keep-alive request on `pagehide`, so an answer given just before is kept.
import { useEffect, useRef, useState } from 'react';
import type { TCallDraftBody } from '@crm/shared';
import { deleteCallDraft, saveCallDraft, sendCallDraftOnLeave } from './api.ts';

/** Typing waits this long before its draft goes; choices, Next and Back go at once. */
export const DRAFT_SAVE_DELAY_MS = 400;

/** What the screen says of the draft: nothing yet, being sent, kept, or not kept (the answers are still on screen). */
export type TDraftState = 'none' | 'saving' | 'saved' | 'failed';

type TPending = { leadId: number; body: TCallDraftBody };

export function useDraftSaver(campaignName: string) {
  const pending = useRef<TPending | null>(null);
  /** The latest draft queued that the server has not confirmed yet (queued, or sent with no answer so far). */
  const unconfirmed = useRef<TPending | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const [state, setState] = useState<TDraftState>('none');
  const show = (next: TDraftState) => {
    if (mounted.current) setState(next);
  };

  function pump(): Promise<void> {
    if (inFlight.current !== null) return inFlight.current;
    const run = async () => {
      for (let next = pending.current; next !== null; next = pending.current) {
        pending.current = null;
        show('saving');
        try {
          await saveCallDraft(campaignName, next.leadId, next.body);
          if (unconfirmed.current === next) unconfirmed.current = null;
          if (pending.current === null) show('saved');
        } catch {
          show('failed');
        }
      }
    };
    const running = run().finally(() => {
      inFlight.current = null;
      // A draft queued between the loop's last check and now.
      if (pending.current !== null) void pump();
    });
    inFlight.current = running;
    return running;
  }

  function stopTimer() {
    clearTimeout(timer.current);
    timer.current = undefined;
  }

  /** Queues the call's draft: at once, or after a pause in typing. */
  function save(leadId: number, body: TCallDraftBody, { now }: { now: boolean }) {
    pending.current = { leadId, body };
    unconfirmed.current = pending.current;
    stopTimer();
    if (now) void pump();
    else timer.current = setTimeout(() => void pump(), DRAFT_SAVE_DELAY_MS);
  }

  /** Sends what is queued now and waits for every draft sent (leaving the screen, the tab closing). */
  function flush(): Promise<void> {
    stopTimer();
    return pump();
  }

  /** Drops what is queued and waits for what is already sent: the call's own save comes next. */
  async function settle(): Promise<void> {
    stopTimer();
    pending.current = null;
    unconfirmed.current = null;
    await inFlight.current;
    show('none');
  }

  /** The call given up (a new search): no draft of it is left on the server. */
  async function discard(leadId: number): Promise<void> {
    await settle();
    try {
      await deleteCallDraft(campaignName, leadId);
    } catch {
      // Still there: it is listed on the idle screen, and the next save of the lead deletes it.
    }
  }

  useEffect(() => {
    // The page goes (reload, closed tab, another site): the fetch of a draft in flight dies with it, a keep-alive one not.
    const onPageHide = () => {
      const last = unconfirmed.current;
      if (last === null) return;
      stopTimer();
      pending.current = null;
      sendCallDraftOnLeave(campaignName, last.leadId, last.body);
    };
    window.addEventListener('pagehide', onPageHide);
    mounted.current = true;
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      mounted.current = false;
      // Leaving the screen: what was typed last still goes.
      if (timer.current !== undefined) void flush();
    };
    // flush only reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { state, save, flush, settle, discard, reset: () => show('none') };
}

export type TDraftSaver = ReturnType<typeof useDraftSaver>;
