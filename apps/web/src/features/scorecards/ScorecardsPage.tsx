// /scorecards (admins; docs/scorecards.md): the scorecards with their versions on the left, and on the right the
// builder of a draft, or a published or retired version read-only, each with Preview and What-if. The open version
// is in the address (?id=12, ?new=1), so leaving unsaved changes for another version asks first.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Box, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { TScorecard } from '@crm/shared';
import { fetchScorecard, scorecardKey } from './api.ts';
import { DraftEditor } from './DraftEditor.tsx';
import { fieldId } from './draft-problems.ts';
import { Pane, PaneBody, PaneHeader } from './Pane.tsx';
import { ScorecardList } from './ScorecardList.tsx';
import { ScorecardPreview } from './ScorecardPreview.tsx';
import { ScorecardSummary } from './ScorecardSummary.tsx';
import { STATE_COLOURS, definitionOf, usedByText } from './scorecard-versions.ts';
import { useScorecardActions, type TScorecardActions } from './use-scorecard-actions.tsx';
import { WhatIfPanel } from './WhatIfPanel.tsx';

export const UNSAVED_PUBLISH =
  'This draft has changes not saved yet: use Publish above the builder, which saves them first.';

/** The panes fill the window under the top bar and the page title (1366×768: about 640 px). */
const PANES_HEIGHT = 'calc(100dvh - 132px)';

function VersionView({ version, actions }: { version: TScorecard; actions: TScorecardActions }) {
  const [tab, setTab] = useState<string | null>('view');
  const ref = { id: version.id, name: version.name, version: version.version };
  const busy = actions.busy !== null;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} h="100%">
      <Pane label="Scorecard version">
        <PaneHeader>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Title order={2} size="h4" lineClamp={1}>
                {version.name}
              </Title>
              <Badge color={STATE_COLOURS[version.state]} variant="light" style={{ flex: 'none' }}>
                v{version.version} {version.state}
              </Badge>
            </Group>
            <Group gap={6} wrap="nowrap">
              {version.builtIn ? (
                <Button size="xs" onClick={() => void actions.copy(ref)} disabled={busy}>
                  Copy into a scorecard of your own
                </Button>
              ) : (
                <Button size="xs" onClick={() => void actions.editNewVersion(ref)} disabled={busy}>
                  Edit a new version
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => void actions.exportVersion(ref)} disabled={busy}>
                Export
              </Button>
              {version.state === 'published' && !version.builtIn && (
                <Button size="xs" variant="light" color="red" onClick={() => void actions.retire(ref)} disabled={busy}>
                  Retire
                </Button>
              )}
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {version.state === 'published' ? 'Published' : 'Retired'}: it never changes. {usedByText(version.usedBy)} ·{' '}
            {version.records} QC records keep this version.
          </Text>
          <Tabs.List>
            <Tabs.Tab value="view">Scorecard</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
            {version.state === 'published' && <Tabs.Tab value="whatif">What-if</Tabs.Tab>}
          </Tabs.List>
        </PaneHeader>
        <PaneBody>
          <Tabs.Panel value="view">
            <ScorecardSummary definition={definitionOf(version)} />
          </Tabs.Panel>
          <Tabs.Panel value="preview">
            <ScorecardPreview definition={definitionOf(version)} />
          </Tabs.Panel>
          <Tabs.Panel value="whatif">
            <WhatIfPanel versionId={version.id} unsaved={false} />
          </Tabs.Panel>
        </PaneBody>
      </Pane>
    </Tabs>
  );
}

export default function ScorecardsPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const selectedId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const creating = selectedId === null && params.get('new') !== null;
  // A new scorecard's editor stays the same editor once its first save gives it an id (focus and tab kept).
  const [adopted, setAdopted] = useState<{ id: number; key: string } | null>(null);
  const [newKey, setNewKey] = useState(1);
  const open = (versionId: number) => setParams({ id: String(versionId) });
  const actions = useScorecardActions(open);
  // The list's Publish of the draft open with unsaved changes would publish it without them: the editor's Publish
  // saves them first.
  const [editorChanged, setEditorChanged] = useState(false);
  const listActions: TScorecardActions = {
    ...actions,
    publish: async (v) => {
      if (v.id !== selectedId || !editorChanged) return actions.publish(v);
      notifications.show({ color: 'orange', message: UNSAVED_PUBLISH });
      return false;
    },
  };

  const version = useQuery({
    queryKey: scorecardKey(selectedId ?? 0),
    queryFn: () => fetchScorecard(selectedId ?? 0),
    enabled: selectedId !== null,
    staleTime: 0,
  });

  // One place for the right side's component, so the new scorecard's editor is the same one after its first save.
  let right;
  if (creating)
    right = (
      <DraftEditor
        key={`new-${newKey}`}
        version={null}
        actions={actions}
        onChanged={setEditorChanged}
        onCreated={(created) => {
          setAdopted({ id: created, key: `new-${newKey}` });
          open(created);
        }}
      />
    );
  else if (selectedId === null)
    right = (
      <Center h="100%">
        <Stack align="center" gap="xs">
          <Text>Open a version on the left, or start a new scorecard.</Text>
          <Button onClick={() => setParams({ new: '1' })}>New scorecard</Button>
        </Stack>
      </Center>
    );
  else if (version.isPending)
    right = (
      <Center h="100%">
        <Loader aria-label="Loading scorecard" />
      </Center>
    );
  else if (version.isError)
    right = (
      <Alert color="red" title="The scorecard could not be loaded">
        {version.error.message}
        <Button size="xs" variant="light" color="red" ml="sm" onClick={() => void version.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  else if (version.data.state === 'draft')
    right = (
      <DraftEditor
        key={adopted?.id === selectedId ? adopted.key : `draft-${selectedId}`}
        version={version.data}
        actions={actions}
        onCreated={() => undefined}
        onChanged={setEditorChanged}
      />
    );
  else
    right = <VersionView key={`view-${selectedId}-${version.data.state}`} version={version.data} actions={actions} />;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Scorecards
        </Title>
        <Text size="sm" c="dimmed">
          Build, preview, try and publish the scorecards QC inspectors score calls on.
        </Text>
      </Group>
      <Group align="stretch" wrap="nowrap" gap="sm" h={PANES_HEIGHT} mih={420}>
        <Box w={380} style={{ flex: 'none' }} h="100%">
          <ScorecardList
            selectedId={selectedId}
            onOpen={open}
            onNew={() => {
              // A new scorecard already open stays (its typing with it): New takes the admin to its name.
              if (creating) {
                document.getElementById(fieldId('name'))?.focus();
                return;
              }
              setNewKey((k) => k + 1);
              setParams({ new: '1' });
            }}
            actions={listActions}
          />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} h="100%">
          {right}
        </Box>
      </Group>
    </Stack>
  );
}
