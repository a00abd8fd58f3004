// The dialer's calls reaching the agent's screen (docs/guide/call-loop.md, Screen pop): the pop stream (server-sent events of
// /api/ap/popStream, a fresh media token per connection as the app's other streams) and VICIdial's web form address.
// A call opens at Q1 with no click when nothing is on screen; a call in progress is never replaced: the new one waits in
// a banner, taken once the current call is saved or parked (Partial Call).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ZWebFormPop, type TScreenPop, type TWebFormPop } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { connectEventStream } from '../../app/event-stream.ts';
import { fetchMediaToken, POP_EVENT, POP_STREAM_PATH, readPopEvent, sendWebFormPop } from './api.ts';
import type { TCall } from './call-state.ts';
import { leadId } from '../../components/lead/lead-view.ts';
import type { TCrmCall, TDialerCall } from './use-crm-call.ts';

/** A web form variable VICIdial left unfilled comes as its own placeholder (--A--phone_number--B--): no value. */
function filled(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || /^--A--.*--B--$/.test(text) ? null : text;
}

/** Our lead id from vendor_lead_code (sends set it to the lead's id), or null. */
function leadIdOf(vendorLeadCode: string | null | undefined): number | null {
  const id = Number(vendorLeadCode ?? '');
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The call of a pop (the stream's, or the web form's as the server answered it): the lead the server found, by its number. */
export function dialerCallOfPop(pop: TScreenPop): TDialerCall {
  const connectedAt = Date.parse(pop.connectedAt);
  return {
    cellNumber: pop.cellNumber,
    leadId: pop.leadId ?? leadIdOf(filled(pop.vendorLeadCode)),
    dialerCallId: filled(pop.dialerLeadId),
    connectedAt: Number.isNaN(connectedAt) ? null : connectedAt,
  };
}

/** The names of the web form's variables in /CRM's address (ZWebFormPop). */
export const WEB_FORM_PARAMS = ['phone_number', 'vendor_lead_code', 'lead_id', 'user'] as const;

/** The web form's variables of /CRM?phone_number=…&vendor_lead_code=…&lead_id=…&user=…, or null when it names no call. */
export function webFormOf(params: URLSearchParams): TWebFormPop | null {
  const given = Object.fromEntries(
    WEB_FORM_PARAMS.flatMap((name) => {
      const value = filled(params.get(name) ?? undefined);
      return value === null ? [] : [[name, value]];
    }),
  );
  const parsed = ZWebFormPop.safeParse(given);
  if (!parsed.success || (parsed.data.phone_number === undefined && parsed.data.vendor_lead_code === undefined))
    return null;
  return parsed.data;
}

/** The web form's call without the server's word (a server from before POST /api/ap/webFormPop): the number as given. */
function dialerCallOfWebForm(webForm: TWebFormPop): TDialerCall | null {
  if (webForm.phone_number === undefined) return null;
  return {
    cellNumber: webForm.phone_number,
    leadId: leadIdOf(webForm.vendor_lead_code),
    dialerCallId: webForm.lead_id ?? null,
    connectedAt: null,
  };
}

/** The web form's call once the server has answered: settled, and the call or why there is none. */
export type TWebFormCall = { settled: boolean; call: TDialerCall | null; refusal: string | null };

/** Sends the web form's variables once (the server records the call's start) and holds its answer. */
export function useWebFormCall(webForm: TWebFormPop | null): TWebFormCall {
  const [result, setResult] = useState<TWebFormCall>(() => ({ settled: webForm === null, call: null, refusal: null }));
  const sent = useRef(false);
  useEffect(() => {
    if (webForm === null || sent.current) return;
    sent.current = true;
    sendWebFormPop(webForm).then(
      (pop) => setResult({ settled: true, call: dialerCallOfPop(pop), refusal: null }),
      (error: unknown) => {
        const older = error instanceof ApiError && error.status === 404 && serverSaidNothing(error);
        setResult({
          settled: true,
          call: older ? dialerCallOfWebForm(webForm) : null,
          refusal: older ? null : error instanceof Error ? error.message : String(error),
        });
      },
    );
  }, [webForm]);
  return result;
}

/** A 404 with no code: the route itself is missing (an older server), not a refusal of this call. */
function serverSaidNothing(error: ApiError): boolean {
  const body = error.body;
  return !(typeof body === 'object' && body !== null && 'code' in body);
}

/** Whether two calls are the same call of the dialer (a stream reconnecting may send one again). */
const sameCall = (a: TDialerCall | null, b: TDialerCall) =>
  a !== null && a.dialerCallId !== null && a.dialerCallId === b.dialerCallId;

/** The call on screen is the dialer's call: the same call id, or its lead (resumed from a draft, with no call id). */
function isOnScreen(onScreen: TCall | null, call: TDialerCall): boolean {
  if (onScreen === null) return false;
  if (onScreen.dialerCallId !== null && onScreen.dialerCallId === call.dialerCallId) return true;
  return call.leadId !== null && leadId(onScreen.lead) === call.leadId;
}

type Options = {
  state: TCrmCall;
  /** The screen's campaign: a pop of another is not this screen's. */
  campaignName: string;
  /** Watch the pop stream (an agent's screen: only agents are watched in VICIdial). */
  enabled: boolean;
  waiting: TDialerCall | null;
  setWaiting: (call: TDialerCall | null) => void;
};

export function useCallPops({ state, campaignName, enabled, waiting, setWaiting }: Options) {
  const open = (call: TDialerCall) => void state.runSearch(call.cellNumber, { dialer: call });

  const onPop = useEffectEvent((pop: TScreenPop) => {
    // A call of another campaign than this screen's cannot be opened here (the agent signed in again meanwhile).
    if (pop.campaignName.trim().toLowerCase() !== campaignName.trim().toLowerCase()) return;
    const call = dialerCallOfPop(pop);
    if (sameCall(waiting, call) || isOnScreen(state.call, call)) return;
    if (state.free && waiting === null) open(call);
    else setWaiting(call);
  });

  // The call on screen is the waiting one (a reload's resume and the stream's replay of the same call): no banner.
  const onScreen = state.call === null ? undefined : leadId(state.call.lead);
  useEffect(() => {
    if (waiting !== null && onScreen !== undefined && waiting.leadId === onScreen) setWaiting(null);
  }, [waiting, onScreen, setWaiting]);

  useEffect(() => {
    if (!enabled) return;
    return connectEventStream({
      path: POP_STREAM_PATH,
      event: POP_EVENT,
      read: readPopEvent,
      fetchToken: fetchMediaToken,
      onMessage: (pop) => onPop(pop),
      onStatus: () => undefined,
    });
  }, [enabled]);

  return {
    waiting,
    /** Take call: the waiting call opens, once nothing of the current one is left to save. */
    take: () => {
      if (waiting === null || !state.free) return;
      setWaiting(null);
      open(waiting);
    },
    dismiss: () => setWaiting(null),
  };
}
