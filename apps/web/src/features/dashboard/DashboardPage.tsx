// /dashboard (docs/product.md §2 Dashboard): totals, missed callbacks, the live dialer panel, agents signed in now and
// today's sign-ins, per-campaign lead figures with a chart.
import '@mantine/charts/styles.css';
import { Stack, Title } from '@mantine/core';
import { AgentSessionsPanel } from './AgentSessionsPanel.tsx';
import { CampaignFigures } from './CampaignFigures.tsx';
import { LiveDialerPanel } from './LiveDialerPanel.tsx';
import { MissedCallbacksCard } from './MissedCallbacksCard.tsx';
import { TotalsCards } from './TotalsCards.tsx';
import { useDialerStream } from './use-dialer-stream.ts';

export default function DashboardPage() {
  const dialer = useDialerStream();
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <TotalsCards />
      <MissedCallbacksCard />
      <LiveDialerPanel state={dialer.state} status={dialer.status} />
      <AgentSessionsPanel />
      <CampaignFigures />
    </Stack>
  );
}
