// /calibration: the calibration sessions (admins all, inspectors those they take part in); admins create one.
import { useState } from 'react';
import { Anchor, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TCalibrationSessionSummary } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { useSession } from '../../app/session.ts';
import { CALIBRATION_KEY, fetchSessionPage } from './api.ts';
import { CreateSessionModal } from './CreateSessionModal.tsx';

function columns(admin: boolean): DataListColumn<TCalibrationSessionSummary>[] {
  return [
    {
      key: 'name',
      header: 'Session',
      render: (s) => (
        <Anchor component={Link} to={`/calibration/${s.id}`}>
          {s.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (s) => (
        <Badge color={s.status === 'open' ? 'green' : 'gray'} variant="light">
          {s.status === 'open' ? 'Open' : 'Closed'}
        </Badge>
      ),
    },
    { key: 'deadline', header: 'Deadline' },
    { key: 'callCount', header: 'Calls' },
    { key: 'inspectorCount', header: 'Inspectors' },
    admin
      ? {
          key: 'scoringCount',
          header: 'Scored',
          render: (s) => `${s.scoringCount} of ${s.callCount * s.inspectorCount}`,
        }
      : { key: 'scoredByMe', header: 'My scoring', render: (s) => `${s.scoredByMe} of ${s.callCount} scored` },
    { key: 'createdBy', header: 'Created by' },
  ];
}

export default function CalibrationPage() {
  const { session } = useSession();
  const admin = session?.role === 'ADMIN';
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      <Title order={1}>Calibration</Title>
      <Text c="dimmed" maw={820}>
        Inspectors score the same calls blind, on the QC scorecard; once the session closes, everyone sees the marks
        side by side, the agreement per criterion and each inspector&apos;s lean. Calibration scorings never count as QC
        records.
      </Text>
      <DataList
        label="Calibration sessions"
        queryKey={[...CALIBRATION_KEY, 'list']}
        columns={columns(admin)}
        fetchPage={fetchSessionPage}
        rowKey={(s) => s.id}
        toolbar={admin ? <Button onClick={() => setCreating(true)}>New session</Button> : undefined}
      />
      {admin && <CreateSessionModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
