// The top bar's due-callback count for a signed-in agent (docs/guide/call-loop.md, Callbacks): "2 callbacks due", a link to
// /CRM where the idle screen lists them. Shown only while one is due; asked again every 30 s and after each save.
import { Link } from 'react-router';
import { Badge } from '@mantine/core';
import { useCallbacks } from '../callbacks-due.ts';

export function callbacksDueText(count: number): string {
  return `${count} callback${count === 1 ? '' : 's'} due`;
}

export function CallbacksDue() {
  const callbacks = useCallbacks({ enabled: true });
  const count = callbacks.data?.dueCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      component={Link}
      to="/CRM"
      color="orange"
      variant="filled"
      size="lg"
      tt="none"
      style={{ cursor: 'pointer' }}
      data-testid="callbacks-due"
      aria-label={`${callbacksDueText(count)}: open CRM`}
    >
      {callbacksDueText(count)}
    </Badge>
  );
}
