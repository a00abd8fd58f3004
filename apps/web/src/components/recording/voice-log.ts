// A stored voiceLog (QC reviews, disputes) as the recording player reads it.

/** A review's voiceLog "{yyyy-MM-dd}/{fileName}" as the player's date and file; null without a recording. */
export function splitVoiceLog(voiceLog: string | null): { date: string; fileName: string } | null {
  if (voiceLog === null) return null;
  const slash = voiceLog.indexOf('/');
  if (slash <= 0 || slash === voiceLog.length - 1) return null;
  return { date: voiceLog.slice(0, slash), fileName: voiceLog.slice(slash + 1) };
}
