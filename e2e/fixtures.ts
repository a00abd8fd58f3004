// Who signs in during the browser tests (the demo data, plus a known admin password).
import { DEMO_CAMPAIGNS, DEMO_USERS } from '@crm/server/demo/seed';

export const E2E_ADMIN_PASSWORD = 'e2e-chief-password';

const find = (role: 'qc' | 'agent') => {
  const u = DEMO_USERS.find((x) => x.role === role);
  if (!u) throw new Error(`no demo ${role}`);
  return u;
};

export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD, name: 'Administrator' };
export const QC = find('qc');
export const AGENT = find('agent');
export const CAMPAIGN = DEMO_CAMPAIGNS[0].campaignName;
