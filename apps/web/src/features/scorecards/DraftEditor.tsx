// The right side for a draft (or a new scorecard): the builder, its Preview and What-if, and a header that stays in
// view with Save (Ctrl+S), Publish and every problem. A refusal keeps what was typed; leaving with changes asks first.
import { useEffect, useEffectEvent, useMemo, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Badge, Button, Group, List, ScrollArea, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { SCORECARD_MESSAGES, type TScorecard } from '@crm/shared';
import { refusalOfError } from '../../app/refusal.ts';
import { useUnsavedGuard } from '../../app/use-unsaved-guard.ts';
import { SCORECARD_LIST_KEY, createScorecard, saveScorecard, scorecardKey } from './api.ts';
import { BuilderForm } from './BuilderForm.tsx';
import { checkDraft, fieldId, problemsByPath, type TProblem } from './draft-problems.ts';
import { PreviewBlocked, ScorecardPreview } from './ScorecardPreview.tsx';
import { draftOf, draftReducer, newDraft, sameContent, type TDraft } from './scorecard-draft.ts';
import type { TScorecardActions } from './use-scorecard-actions.tsx';
import { WhatIfPanel } from './WhatIfPanel.tsx';
import { Pane, PaneBody, PaneHeader } from './Pane.tsx';

export const UNSAVED_MESSAGE = 'The changes to this scorecard are not saved yet.';
const NO_PROBLEMS: Readonly<Record<string, string>> = {};

type Props = {
  /** The stored draft, or null for a new scorecard not saved yet. */
  version: TScorecard | null;
  actions: TScorecardActions;
  /** A new scorecard's first save made it this version. */
  onCreated: (id: number) => void;
  /** Whether the draft on screen differs from the stored one (the list then publishes it only through Save). */
  onChanged?: (changed: boolean) => void;
};

/** Takes the admin to a problem's field: the input itself, or the nearest thing on screen its path belongs to. */
function goTo(path: string): void {
  const segments = path.split('.');
  while (segments.length > 0) {
    const element = document.getElementById(fieldId(segments.join('.')));
    if (element !== null) {
      element.scrollIntoView({ block: 'center' });
      element.focus();
      return;
    }
    segments.pop();
  }
}

function ProblemList({ problems, refusal }: { problems: readonly TProblem[]; refusal: string | null }) {
  if (refusal === null && problems.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      p="xs"
      role="alert"
      title={refusal === null ? 'Not saved: fix these first' : 'The server refused the save; nothing you typed is lost'}
    >
      {refusal !== null && <Text size="sm">{refusal}</Text>}
      {problems.length > 0 && (
        <ScrollArea.Autosize mah={110} type="auto">
          <List size="sm" spacing={0}>
            {problems.map((p) => (
              <List.Item key={`${p.path}\n${p.message}`}>
                <UnstyledButton fz="sm" onClick={() => goTo(p.path)} td={p.path === '' ? undefined : 'underline'}>
                  {p.where === '' ? p.message : `${p.where}: ${p.message}`}
                </UnstyledButton>
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      )}
    </Alert>
  );
}

export function DraftEditor({ version, actions, onCreated, onChanged }: Props) {
  const queryClient = useQueryClient();
  const [initial] = useState<TDraft>(() => (version === null ? newDraft() : draftOf(version)));
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [saved, setSaved] = useState<TDraft>(initial);
  const [stored, setStored] = useState<{ id: number; version: number } | null>(
    version === null ? null : { id: version.id, version: version.version },
  );
  const [showProblems, setShowProblems] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<string | null>('build');

  const check = useMemo(() => checkDraft(draft), [draft]);
  const byPath = useMemo(() => {
    if (!showProblems) return NO_PROBLEMS;
    const fields = problemsByPath(check.problems);
    // A refusal naming a field (a taken name) shows under that field as well.
    return refusal?.field === undefined ? fields : { ...fields, [refusal.field]: refusal.message };
  }, [showProblems, check, refusal]);
  // A new scorecard is unsaved until its first save, but leaving it untouched loses nothing.
  const changed = !sameContent(draft, saved);
  const dirty = changed || stored === null;
  useUnsavedGuard({ active: changed, message: UNSAVED_MESSAGE });
  useEffect(() => {
    onChanged?.(changed);
    return () => onChanged?.(false);
  }, [changed, onChanged]);

  /** Saves the draft; the stored version's id, or null when it was not saved (the reason is on screen). */
  async function save(): Promise<number | null> {
    if (!check.ok) {
      setShowProblems(true);
      setRefusal(null);
      return null;
    }
    setSaving(true);
    try {
      const reply =
        stored === null
          ? await createScorecard(check.definition, { notify: false })
          : await saveScorecard(stored.id, check.definition);
      const sent = draft;
      flushSync(() => {
        setSaved(sent);
        setStored({ id: reply.id, version: reply.version });
        setRefusal(null);
        setShowProblems(false);
      });
      queryClient.setQueryData(scorecardKey(reply.id), reply);
      void queryClient.invalidateQueries({ queryKey: SCORECARD_LIST_KEY });
      notifications.show({ color: 'green', message: SCORECARD_MESSAGES.saved });
      if (stored === null) onCreated(reply.id);
      return reply.id;
    } catch (error) {
      setRefusal({
        message: error instanceof Error ? error.message : String(error),
        field: refusalOfError(error)?.field,
      });
      setShowProblems(true);
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function publish() {
    const id = dirty || stored === null ? await save() : stored.id;
    if (id === null) return;
    await actions.publish({ id, name: draft.name.trim(), version: stored?.version ?? 1 });
  }

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (!saving) void save();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const title = draft.name.trim() || 'New scorecard';
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} h="100%">
      <Pane label="Scorecard editor">
        <PaneHeader>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Title order={2} size="h4" lineClamp={1}>
                {title}
              </Title>
              <Badge color="yellow" variant="light" style={{ flex: 'none' }}>
                {stored === null ? 'new' : `v${stored.version} draft`}
              </Badge>
              <Text size="xs" c={dirty ? 'orange.8' : 'dimmed'} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                {dirty ? 'Unsaved changes' : 'All changes saved'}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <Button onClick={() => void save()} loading={saving} title="Save (Ctrl+S)">
                Save
              </Button>
              <Button
                color="green"
                variant="light"
                onClick={() => void publish()}
                disabled={saving || actions.busy !== null}
              >
                Publish
              </Button>
            </Group>
          </Group>
          <ProblemList problems={showProblems ? check.problems : []} refusal={refusal?.message ?? null} />
          <Tabs.List>
            <Tabs.Tab value="build">Build</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
            <Tabs.Tab value="whatif">What-if</Tabs.Tab>
          </Tabs.List>
        </PaneHeader>
        <PaneBody>
          <Tabs.Panel value="build">
            <BuilderForm draft={draft} dispatch={dispatch} problems={byPath} />
          </Tabs.Panel>
          <Tabs.Panel value="preview">
            {check.ok ? (
              <ScorecardPreview definition={check.definition} />
            ) : (
              <PreviewBlocked
                problems={check.problems.map((p) => (p.where === '' ? p.message : `${p.where}: ${p.message}`))}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="whatif">
            {stored === null ? (
              <Alert color="blue" title="Save the scorecard first">
                <Text size="sm" mb="xs">
                  What-if scores stored QC records again under a saved version.
                </Text>
                <Button size="xs" onClick={() => void save()} loading={saving}>
                  Save
                </Button>
              </Alert>
            ) : (
              <WhatIfPanel versionId={stored.id} unsaved={dirty} />
            )}
          </Tabs.Panel>
        </PaneBody>
      </Pane>
    </Tabs>
  );
}
