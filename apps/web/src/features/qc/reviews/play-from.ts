// "Play from here" on the QC Review: the shared RecordingPlayer takes no position to seek to, so the row plays the
// player's own <audio> (found in the box around it) from the moment; the player follows through its play and
// timeupdate events, so its button and clock stay right and only one recording plays.
/** Seeks the recording in `box` to `seconds` and plays it; waits for the recording's length when it is not known yet. */
export function playFrom(box: HTMLElement | null, seconds: number): boolean {
  const audio = box?.querySelector('audio') ?? null;
  if (audio === null) return false; // the player is still fetching its media token
  const go = () => {
    audio.currentTime = seconds;
    audio.play().catch(() => undefined); // a refused start leaves the player's Play button
  };
  if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) go();
  else {
    audio.addEventListener('loadedmetadata', go, { once: true });
    if (audio.networkState === HTMLMediaElement.NETWORK_EMPTY) audio.load();
  }
  return true;
}
