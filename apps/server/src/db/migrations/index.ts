// Every migration, in order. Add new ones at the end; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001-users-and-campaigns.ts';
import * as m0002 from './0002-agents-data-tables-leads.ts';
import * as m0003 from './0003-questions-and-logic.ts';
import * as m0004 from './0004-lead-imports.ts';
import * as m0005 from './0005-agent-sessions.ts';
import * as m0006 from './0006-qc.ts';
import * as m0007 from './0007-token-versions.ts';
import * as m0008 from './0008-restrict-user-references.ts';
import * as m0009 from './0009-audit-and-versions.ts';
import * as m0010 from './0010-call-drafts.ts';
import * as m0011 from './0011-qc-records.ts';
import * as m0012 from './0012-lead-counts.ts';
import * as m0013 from './0013-keyset-indexes.ts';
import * as m0014 from './0014-lead-pick-index.ts';
import * as m0015 from './0015-recordings.ts';
import * as m0016 from './0016-qc-queue.ts';
import * as m0017 from './0017-calibration.ts';
import * as m0018 from './0018-disputes.ts';
import * as m0019 from './0019-dnc.ts';
import * as m0020 from './0020-dialer-sends.ts';
import * as m0021 from './0021-quotas.ts';
import * as m0022 from './0022-question-conditions.ts';
import * as m0023 from './0023-send-lead-claims.ts';
import * as m0024 from './0024-call-loop.ts';
import * as m0026 from './0026-screen-pop.ts';
import * as m0025 from './0025-dialer-sync.ts';
import * as m0027 from './0027-mfa.ts';
import * as m0028 from './0028-sign-in-limits.ts';
import * as m0029 from './0029-database-roles.ts';
import * as m0030 from './0030-survey-versions.ts';
import * as m0031 from './0031-scorecards.ts';
import * as m0032 from './0032-dispute-choices.ts';
import * as m0033 from './0033-calibration-scorecards.ts';
import * as m0034 from './0034-qc-records.ts';
import * as m0035 from './0035-notifications.ts';
import * as m0036 from './0036-coaching.ts';
import * as m0037 from './0037-callback-missed-notices.ts';
import * as m0038 from './0038-client-accounts.ts';
import * as m0039 from './0039-productivity.ts';
import * as m0040 from './0040-suspicious.ts';
import * as m0041 from './0041-results.ts';
import * as m0042 from './0042-results-days.ts';
import * as m0043 from './0043-suspicious-days.ts';
import * as m0044 from './0044-results-cover.ts';

export const migrations: Record<string, Migration> = {
  '0001-users-and-campaigns': m0001,
  '0002-agents-data-tables-leads': m0002,
  '0003-questions-and-logic': m0003,
  '0004-lead-imports': m0004,
  '0005-agent-sessions': m0005,
  '0006-qc': m0006,
  '0007-token-versions': m0007,
  '0008-restrict-user-references': m0008,
  '0009-audit-and-versions': m0009,
  '0010-call-drafts': m0010,
  '0011-qc-records': m0011,
  '0012-lead-counts': m0012,
  '0013-keyset-indexes': m0013,
  '0014-lead-pick-index': m0014,
  '0015-recordings': m0015,
  '0016-qc-queue': m0016,
  '0017-calibration': m0017,
  '0018-disputes': m0018,
  '0019-dnc': m0019,
  '0020-dialer-sends': m0020,
  '0021-quotas': m0021,
  '0022-question-conditions': m0022,
  '0023-send-lead-claims': m0023,
  '0024-call-loop': m0024,
  '0026-screen-pop': m0026,
  '0025-dialer-sync': m0025,
  '0027-mfa': m0027,
  '0028-sign-in-limits': m0028,
  '0029-database-roles': m0029,
  '0030-survey-versions': m0030,
  '0031-scorecards': m0031,
  '0032-dispute-choices': m0032,
  '0033-calibration-scorecards': m0033,
  '0034-qc-records': m0034,
  '0035-notifications': m0035,
  '0036-coaching': m0036,
  '0037-callback-missed-notices': m0037,
  '0038-client-accounts': m0038,
  '0039-productivity': m0039,
  '0040-suspicious': m0040,
  '0041-results': m0041,
  '0042-results-days': m0042,
  '0043-suspicious-days': m0043,
  '0044-results-cover': m0044,
};
