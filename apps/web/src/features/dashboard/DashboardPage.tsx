// /dashboard (spec §2 Dashboard): totals, per-campaign lead figures with a chart, and the live dialer panel.
import '@mantine/charts/styles.css';
import { Stack, Title } from '@mantine/core';
import { CampaignFigures } from './CampaignFigures.tsx';
import { LiveDialerPanel } from './LiveDialerPanel.tsx';
import { TotalsCards } from './TotalsCards.tsx';
import { useDialerStream } from './use-dialer-stream.ts';

export default function DashboardPage() {
  const dialer = useDialerStream();
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <TotalsCards />
      <LiveDialerPanel state={dialer.state} status={dialer.status} />
      <CampaignFigures />
    </Stack>
  );
}
