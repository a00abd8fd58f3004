// The dialer of DIALER=simulated (the demo): add_lead and update_lead answered in-process by an in-memory VICIdial,
// in VICIdial's own reply text, so a send runs end to end with no dialer and reads every outcome the real one gives.
//
// The default model's rules, so a demo send shows each outcome:
// - every list id is accepted, each list created on its first lead, all lists in one campaign (TESTCAMP);
// - added: any other number;
// - duplicate: a second lead with the same number, when the campaign's duplicate check is on (DUPLIST, DUPCAMP, DUPSYS);
// - dnc: a national number ending in 0000 is on the system DNC list (dnc_check on), one ending in 9999 on every
//   campaign's DNC list (campaign_dnc_check on);
// - refused: a national number shorter than 6 digits (or longer than 16) fails VICIdial's length check;
// - no list has custom fields, so columns sent as custom fields answer a NOTICE and the lead is still added.
import type { CountryCode } from 'libphonenumber-js';
import { addLeadParams, findLeadParams, parseAddLeadReply, parseFindLeadReply } from './add-lead.ts';
import type { TLeadTransport } from './transport.ts';
import { createVicidialLists, type VicidialLists } from './vicidial-lists.ts';

const demoLists = new WeakMap<object, VicidialLists>();

/**
 * The one in-memory VICIdial of a server (keyed by its config object): the sends add leads to it and the dialer sync
 * updates them there, as they would in one real VICIdial.
 */
export function demoVicidialListsOf(owner: object): VicidialLists {
  let lists = demoLists.get(owner);
  if (lists === undefined) {
    lists = createDemoVicidialLists();
    demoLists.set(owner, lists);
  }
  return lists;
}

/** The in-memory VICIdial of the demo (rules above). */
export function createDemoVicidialLists(): VicidialLists {
  return createVicidialLists({
    dnc: (phone) => phone.endsWith('0000'),
    campaignDnc: (_campaignId, phone) => phone.endsWith('9999'),
  });
}

export type TSimulatedTransportOptions = {
  /** How long each answer takes, so a demo send visibly progresses (default 0). */
  latencyMs?: number;
  /** The country of a number written without its country code. */
  country?: CountryCode;
};

/** Waits, giving the event loop a turn even at 0 ms so a send of many leads never starves other work. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    if (ms <= 0) {
      setImmediate(resolve);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function withCredentials(params: URLSearchParams, model: VicidialLists): URLSearchParams {
  params.set('user', model.credentials.user);
  params.set('pass', model.credentials.pass);
  return params;
}

export function createSimulatedTransport(
  model: VicidialLists = createDemoVicidialLists(),
  options: TSimulatedTransportOptions = {},
): TLeadTransport {
  const latencyMs = options.latencyMs ?? 0;
  const secrets = [model.credentials.user, model.credentials.pass];
  return {
    mode: 'simulated',
    addLead: async (lead, settings, signal) => {
      await pause(latencyMs, signal);
      const text = model.answer(withCredentials(addLeadParams(lead, settings, options.country), model));
      return parseAddLeadReply(text, settings, secrets);
    },
    findLead: async (vendorLeadCode, settings, signal) => {
      await pause(latencyMs, signal);
      return parseFindLeadReply(
        model.answer(withCredentials(findLeadParams(vendorLeadCode, settings), model)),
        secrets,
      );
    },
  };
}
