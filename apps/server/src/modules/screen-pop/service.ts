// A dialer's call on an agent's screen: the lead it is (by vendor_lead_code, else by number in the agent's campaign),
// the call's start recorded (call_starts), and the pop the screen gets; also VICIdial's web form and whose VICIdial
// user an agent is.
import {
  GENERATED_FOR_D,
  SCREEN_POP_CODES,
  normalisePhone,
  type TScreenPop,
  type TScreenPopSource,
  type TTokenPayload,
  type TWebFormPop,
} from '@crm/shared';
import { sql } from 'kysely';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../db/schema.ts';
import { AppError, forbidden } from '../../http/errors.ts';

/** The signed-in agent a call is for. */
export type TPopAgent = { userId: number; campaignName: string; sid: number | null };

/** A call as the dialer describes it. */
export type TDialerCall = {
  source: TScreenPopSource;
  /** VICIdial's lead_id ('' or '0': none; the call's start then keeps no dialer call id). */
  dialerLeadId: string;
  phoneNumber: string;
  vendorLeadCode: string;
  dialerCampaign?: string;
  callId?: string;
  connectedAt: Date;
};

/** Our lead ids are bigints written in digits; a vendor code of anything else is not one of ours. */
const LEAD_ID = /^[1-9]\d{0,17}$/;

type FoundLead = { id: string; cellNumber: string };

/**
 * The lead of the call in the agent's campaign: the lead whose id is the vendor_lead_code (sends set it so), else the
 * campaign's generated lead with the number (the newest data date, as the lookup picks).
 */
async function findCallLead(
  db: Db,
  campaignName: string,
  call: TDialerCall,
  phone: string | null,
): Promise<FoundLead | undefined> {
  const campaign = db
    .selectFrom('campaigns')
    .select('id')
    .where(sql<string>`lower(campaign_name)`, '=', campaignName.toLowerCase());
  if (LEAD_ID.test(call.vendorLeadCode)) {
    const byCode = await db
      .selectFrom('leads')
      .select(['id', 'cellNumber'])
      .where('id', '=', call.vendorLeadCode)
      .where('campaignId', 'in', campaign)
      .executeTakeFirst();
    if (byCode) return byCode;
  }
  if (phone === null) return undefined;
  return db
    .selectFrom('leads')
    .select(['id', 'cellNumber'])
    .where('campaignId', 'in', campaign)
    .where('cellNumber', '=', phone)
    .where('forD', '=', GENERATED_FOR_D)
    .orderBy('dataDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function hasDialerLead(dialerLeadId: string): boolean {
  return dialerLeadId !== '' && dialerLeadId !== '0';
}

/**
 * Finds the call's lead and records the call's start for the agent (its handle time and the attempt's dialer call id
 * count from here), then returns the pop to push. A start of the same lead already recorded by this agent is kept when
 * it is of the same dialer call (a lookup before the pop arrived), and replaced by a new call of the lead.
 */
export async function recordDialerCall(
  db: Db,
  agent: TPopAgent,
  call: TDialerCall,
  phoneCountry: CountryCode,
): Promise<TScreenPop> {
  const phone = call.phoneNumber === '' ? null : normalisePhone(call.phoneNumber, phoneCountry);
  const lead = await findCallLead(db, agent.campaignName, call, phone);
  const dialerCallId = hasDialerLead(call.dialerLeadId) ? call.dialerLeadId : null;
  if (lead) {
    await db
      .insertInto('callStarts')
      .values({
        userId: agent.userId,
        leadId: lead.id,
        startedAt: call.connectedAt,
        sessionId: agent.sid,
        dialerCallId,
      })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'leadId'])
          .doUpdateSet({ startedAt: call.connectedAt, sessionId: agent.sid, dialerCallId })
          .where(sql<boolean>`call_starts.dialer_call_id is distinct from ${dialerCallId}`),
      )
      .execute();
  }
  return {
    dialerLeadId: call.dialerLeadId,
    phoneNumber: call.phoneNumber,
    vendorLeadCode: call.vendorLeadCode,
    ...(call.dialerCampaign ? { dialerCampaign: call.dialerCampaign } : {}),
    ...(call.callId ? { callId: call.callId } : {}),
    connectedAt: call.connectedAt.toISOString(),
    source: call.source,
    campaignName: agent.campaignName,
    leadId: lead ? Number(lead.id) : null,
    cellNumber: lead?.cellNumber ?? phone ?? call.phoneNumber,
  };
}

/** The VICIdial user whose session is the agent's: their profile's, else their agent ID. */
export async function findVicidialUser(db: Db, user: TTokenPayload): Promise<string> {
  const row = await db
    .selectFrom('agents')
    .select('vicidialUser')
    .where('userId', '=', Number(user.sub))
    .executeTakeFirst();
  return row?.vicidialUser ?? user.agentId ?? user.userName;
}

/** The pop's agent: an agent signed into a campaign (the route admits agents only). */
export function popAgentOf(user: TTokenPayload): TPopAgent {
  if (user.campaign === undefined) throw forbidden();
  return { userId: Number(user.sub), campaignName: user.campaign, sid: user.sid ?? null };
}

/**
 * POST /api/ap/webFormPop: VICIdial's web form opened /CRM with the call's variables. The call is recorded as a pop
 * would record it and answered as the pop; refused when it names another VICIdial user or carries nothing to pop.
 */
export async function popWebForm(
  db: Db,
  user: TTokenPayload,
  form: TWebFormPop,
  phoneCountry: CountryCode,
): Promise<TScreenPop> {
  const agent = popAgentOf(user);
  const phoneNumber = form.phone_number ?? '';
  const vendorLeadCode = form.vendor_lead_code ?? '';
  if (phoneNumber === '' && vendorLeadCode === '') {
    throw new AppError(
      'BAD_REQUEST',
      "The web form gave no phone_number or vendor_lead_code: set the campaign's web form address as docs/guide/call-loop.md shows",
      SCREEN_POP_CODES.nothingToPop,
    );
  }
  if (form.user) {
    const mine = await findVicidialUser(db, user);
    if (form.user.toLowerCase() !== mine.toLowerCase()) {
      throw new AppError(
        'BAD_REQUEST',
        `This call is VICIdial user ${form.user}'s; you are VICIdial user ${mine}`,
        SCREEN_POP_CODES.otherVicidialUser,
      );
    }
  }
  return recordDialerCall(
    db,
    agent,
    { source: 'webform', dialerLeadId: form.lead_id ?? '', phoneNumber, vendorLeadCode, connectedAt: new Date() },
    phoneCountry,
  );
}
