// A table cell's recording (the QC Review, Raised Flags and dispute screens): the shared player for {date}/{fileName}, or
// the screen's "no audio" text.
import { Text } from '@mantine/core';
import { RecordingPlayer } from './RecordingPlayer.tsx';

type Props = { recording: { date: string; fileName: string } | null; missingText: string; label: string };

export function VoiceLogCell({ recording, missingText, label }: Props) {
  if (recording === null) {
    return (
      <Text size="sm" c="dimmed">
        {missingText}
      </Text>
    );
  }
  return <RecordingPlayer date={recording.date} fileName={recording.fileName} label={label} compact />;
}
