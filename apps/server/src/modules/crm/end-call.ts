// PUT /dynamic/updateLeadData/{t}/{cell} as a whole: the save (save.ts), and for a dialer's call its disposition sent
// back to VICIdial (screen-pop/report.ts, docs/guide/call-loop.md "Screen pop"); the save stands whatever VICIdial answers.
import type { TLeadSaveResult, TTokenPayload } from '@crm/shared';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import type { TAuditActor } from '../audit/record.ts';
import { reportDispositionToDialer, takeSaveCallback } from '../screen-pop/report.ts';
import { updateLeadAnswers } from './save.ts';

type SaveTarget = Parameters<typeof updateLeadAnswers>[2];

export async function saveCallAndReport(
  db: Db,
  config: Pick<TConfig, 'dialer' | 'timeZone' | 'phoneCountry'>,
  user: TTokenPayload,
  target: SaveTarget,
  body: Record<string, unknown>,
  actor: TAuditActor,
): Promise<TLeadSaveResult> {
  // The body's callback is for VICIdial's external_status, not an answer of the lead.
  const { answers, callback } = takeSaveCallback(body);
  const saved = await updateLeadAnswers(db, user, target, answers, config.phoneCountry, config.timeZone, actor);
  if (!saved.attempt?.dialerCallId) return saved;
  return { ...saved, dialer: await reportDispositionToDialer(db, config, { attemptId: saved.attempt.id, callback }) };
}
