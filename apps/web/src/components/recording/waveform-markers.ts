// Markers on the waveform: a moment of the recording with a name ("Comment at 0:42: Talked over the customer"), drawn
// as a button that seeks there. A screen passes them in context around a player it does not build itself (the QC
// panel around the shared scoring player), so the layers between stay as they are.
import { createContext, useContext } from 'react';

export type TWaveformMarker = {
  /** Unique among the markers of one waveform. */
  id: string;
  atSeconds: number;
  /** What a screen reader says and the tooltip shows. */
  label: string;
};

const NO_MARKERS: readonly TWaveformMarker[] = [];

export const WaveformMarkersContext = createContext<readonly TWaveformMarker[]>(NO_MARKERS);

/** The markers a screen placed around the waveform (none by default). */
export function useWaveformMarkers(): readonly TWaveformMarker[] {
  return useContext(WaveformMarkersContext);
}
