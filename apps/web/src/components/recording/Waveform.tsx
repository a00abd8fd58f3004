// The waveform of an analysed recording, the player's full width: its peaks drawn as one shape, dead air, holds and
// overtalk shaded over it, and the playhead. A click on a shaded region plays from the region's start, a click
// elsewhere from that point; each region is a button (Tab, then Enter or Space) named like "Hold 31 s at 02:14".
// Markers (a comment on a moment) stand over it as buttons too, each seeking to its moment.
import { memo, useMemo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { Box } from '@mantine/core';
import type { TRecordingAnalysisReply } from '@crm/shared';
import { waveformRegions, type TRegionKind, type TWaveformRegion } from './waveform-regions.ts';
import { useWaveformMarkers, type TWaveformMarker } from './waveform-markers.ts';

export const WAVEFORM_HEIGHT = 44;

const REGION_STYLE: Record<TRegionKind, CSSProperties> = {
  silence: { background: 'rgba(250, 176, 5, 0.22)', borderLeft: '1px solid rgba(250, 176, 5, 0.6)' },
  hold: { background: 'rgba(224, 49, 49, 0.38)', borderLeft: '2px solid rgb(201, 42, 42)' },
  overtalk: { background: 'rgba(121, 80, 242, 0.35)', borderLeft: '1px solid rgb(112, 72, 232)' },
};

/** The shape of the peaks in a 0..n × 0..100 box: the upper edge left to right, then the lower edge back. */
export function peaksPath(peaks: readonly number[]): string {
  if (peaks.length === 0) return '';
  const top = peaks.map((p, i) => `${i} ${(50 - p * 50).toFixed(1)}`);
  const bottom = peaks.map((p, i) => `${i} ${(50 + p * 50).toFixed(1)}`).reverse();
  // One point's shape has no width: it is given the width of one step.
  const last =
    peaks.length === 1
      ? ` L1 ${(50 - (peaks[0] ?? 0) * 50).toFixed(1)} L1 ${(50 + (peaks[0] ?? 0) * 50).toFixed(1)}`
      : '';
  return `M${top.join(' L')}${last} L${bottom.join(' L')} Z`;
}

const Peaks = memo(function Peaks({ peaks }: { peaks: readonly number[] }) {
  const width = Math.max(1, peaks.length - 1);
  return (
    <svg
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      width="100%"
      height="100%"
      aria-hidden="true"
      style={{ display: 'block' }}
    >
      <line
        x1={0}
        x2={width}
        y1={50}
        y2={50}
        stroke="var(--mantine-color-gray-4)"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <path d={peaksPath(peaks)} fill="var(--mantine-color-blue-6)" fillOpacity={0.75} />
    </svg>
  );
});

const MARKER_LINE: CSSProperties = {
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 4,
  width: 2,
  background: 'var(--mantine-color-orange-7)',
  pointerEvents: 'none',
};
const MARKER_HEAD: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 10,
  height: 10,
  borderRadius: '50%',
  background: 'var(--mantine-color-orange-6)',
  border: '1px solid white',
  pointerEvents: 'none',
};

const percentOf = (seconds: number, duration: number) => `${Math.min(100, Math.max(0, (seconds / duration) * 100))}%`;

type Props = {
  analysis: TRecordingAnalysisReply;
  /** Where the audio is now. */
  currentSec: number;
  onSeek: (seconds: number) => void;
  /** Moments to mark (comments); without it, those of the screen's context (waveform-markers.ts). */
  markers?: readonly TWaveformMarker[];
};

/** Enter and Space press a marker or a region; handled here, as Space is the player's play/pause key elsewhere. */
function onPress(action: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  };
}

export function Waveform({ analysis, currentSec, onSeek, markers }: Props) {
  const regions = useMemo(() => waveformRegions(analysis), [analysis]);
  const fromContext = useWaveformMarkers();
  const shown = markers ?? fromContext;
  const duration = analysis.durationSec;
  if (duration <= 0) return null;

  const seekToPoint = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    onSeek(Math.min(duration, Math.max(0, ((event.clientX - box.left) / box.width) * duration)));
  };
  const seekToRegion = (region: TWaveformRegion) => onSeek(region.startSec);

  return (
    <Box
      role="group"
      aria-label="Waveform"
      onClick={seekToPoint}
      pos="relative"
      h={WAVEFORM_HEIGHT}
      bg="gray.0"
      style={{ cursor: 'pointer', borderRadius: 4, overflow: 'hidden', userSelect: 'none' }}
    >
      <Peaks peaks={analysis.peaks} />
      {regions.map((region) => (
        <div
          key={`${region.kind}-${region.startSec}`}
          role="button"
          tabIndex={0}
          aria-label={region.label}
          title={region.label}
          data-kind={region.kind}
          onClick={(event) => {
            // The region's start, not the point clicked inside it.
            event.stopPropagation();
            seekToRegion(region);
          }}
          onKeyDown={onPress(() => seekToRegion(region))}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: percentOf(region.startSec, duration),
            width: percentOf(region.endSec - region.startSec, duration),
            // A short overtalk stays wide enough to hit.
            minWidth: 4,
            // The focus ring inside the box, which clips what overflows it.
            outlineOffset: -2,
            zIndex: region.kind === 'silence' ? 1 : 2,
            ...REGION_STYLE[region.kind],
          }}
        />
      ))}
      {shown.map((marker) => (
        <div
          key={marker.id}
          role="button"
          tabIndex={0}
          aria-label={marker.label}
          title={marker.label}
          data-marker={marker.atSeconds}
          onClick={(event) => {
            event.stopPropagation();
            onSeek(marker.atSeconds);
          }}
          onKeyDown={onPress(() => onSeek(marker.atSeconds))}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            // A hit area wider than the line it draws, centred on the moment and kept inside the box at either end.
            left: `clamp(0px, calc(${percentOf(marker.atSeconds, duration)} - 5px), calc(100% - 10px))`,
            width: 10,
            zIndex: 4,
            cursor: 'pointer',
            outlineOffset: -2,
          }}
        >
          <div style={MARKER_LINE} />
          <div style={MARKER_HEAD} />
        </div>
      ))}
      <div
        aria-hidden="true"
        data-playhead=""
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: percentOf(currentSec, duration),
          width: 2,
          marginLeft: -1,
          background: 'var(--mantine-color-dark-7)',
          zIndex: 3,
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
