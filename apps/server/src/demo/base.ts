// The base demo accounts and campaigns, which every area's demo data builds on.
import type { TDbRole } from '@crm/shared';

export const DEMO_USERS: readonly { username: string; name: string; password: string; role: TDbRole }[] = [
  { username: 'qc.rahman', name: 'Nadia Rahman', password: 'demo-qc-pass', role: 'qc' },
  { username: 'AG-1001', name: 'Karim Hossain', password: 'demo-agent-pass', role: 'agent' },
];

export const DEMO_CAMPAIGNS = [
  { campaignId: 'SPR-24', campaignName: 'Spring Survey', campaignType: 'Outbound', callTarget: 60 },
  { campaignId: 'CARE-1', campaignName: 'Customer Care', campaignType: 'Inbound', callTarget: null },
] as const;
