// What the list's and the workspace's buttons do to a version: edit a new version, copy under a new name, export,
// publish, retire and import; each tells the admin the outcome (a refusal in the server's words) and reloads the list.
import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { SCORECARD_MESSAGES, type TScorecard } from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import {
  SCORECARDS_KEY,
  createScorecard,
  exportScorecard,
  fetchScorecard,
  importScorecard,
  publishScorecard,
  retireScorecard,
  scorecardKey,
} from './api.ts';
import { definitionOf, exportFileName } from './scorecard-versions.ts';

type TVersionRef = { id: number; name: string; version: number };

function CopyNameForm({ initial, onDone }: { initial: string; onDone: (name: string | null) => void }) {
  const [name, setName] = useState(initial);
  const problem = name.trim() === '' ? 'name is required' : undefined;
  return (
    <form
      aria-label="Copy scorecard"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem === undefined) onDone(name.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">The copy is a new scorecard of its own, a draft, with this version&apos;s content.</Text>
        <TextInput
          label="Name of the copy"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit">Copy</Button>
        </Group>
      </Stack>
    </form>
  );
}

function askCopyName(initial: string): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const id = modals.open({
      title: 'Copy scorecard',
      onClose: () => {
        if (!settled) resolve(null);
        settled = true;
      },
      children: (
        <CopyNameForm
          initial={initial}
          onDone={(name) => {
            settled = true;
            resolve(name);
            modals.close(id);
          }}
        />
      ),
    });
  });
}

/** The buttons' actions; `open` shows a version in the workspace (the page puts it in the address). */
export function useScorecardActions(open: (id: number) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: SCORECARDS_KEY });

  /** Runs one action at a time; a failure was already shown by the API call (its notification). */
  async function run(label: string, action: () => Promise<void>): Promise<boolean> {
    setBusy(label);
    try {
      await action();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
      await reload();
    }
  }

  const opened = (created: TScorecard, message: string) => {
    queryClient.setQueryData(scorecardKey(created.id), created);
    notifications.show({ color: 'green', message });
    open(created.id);
  };

  return {
    busy,
    editNewVersion: (v: TVersionRef) =>
      run(`new-version-${v.id}`, async () => {
        opened(await createScorecard({ copyOf: v.id }), `Version ${v.version + 1} of "${v.name}" is a new draft`);
      }),
    copy: async (v: TVersionRef) => {
      const name = await askCopyName(`${v.name} (copy)`);
      if (name === null) return false;
      return run(`copy-${v.id}`, async () => {
        const version = await queryClient.fetchQuery({
          queryKey: scorecardKey(v.id),
          queryFn: () => fetchScorecard(v.id),
        });
        opened(await createScorecard({ ...definitionOf(version), name }), `"${name}" is a new draft`);
      });
    },
    exportVersion: (v: TVersionRef) =>
      run(`export-${v.id}`, () => exportScorecard(v.id, exportFileName(v.name, v.version))),
    publish: async (v: TVersionRef) => {
      const sure = await confirmAction({
        danger: false,
        body: `Publish version ${v.version} of "${v.name}"? It can no longer change, and every campaign using an older version of "${v.name}" moves to it from now on.`,
      });
      if (!sure) return false;
      return run(`publish-${v.id}`, async () => {
        await publishScorecard(v.id);
        notifications.show({ color: 'green', message: SCORECARD_MESSAGES.published });
      });
    },
    retire: async (v: TVersionRef) => {
      const sure = await confirmAction({
        body: `Retire version ${v.version} of "${v.name}"? It can no longer be chosen for a campaign; its QC records keep it.`,
      });
      if (!sure) return false;
      return run(`retire-${v.id}`, async () => {
        await retireScorecard(v.id);
        notifications.show({ color: 'green', message: SCORECARD_MESSAGES.retired });
      });
    },
    importFile: (file: File) =>
      run('import', async () => {
        let content: unknown;
        try {
          content = JSON.parse(await file.text());
        } catch {
          notifications.show({ color: 'red', title: 'Import failed', message: `${file.name} is not a JSON file` });
          throw new Error('not JSON');
        }
        opened(await importScorecard(content), SCORECARD_MESSAGES.imported);
      }),
  };
}

export type TScorecardActions = ReturnType<typeof useScorecardActions>;
