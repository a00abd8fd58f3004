// The scoring player now lives in components/recording/ (calibration plays calls with it too); this keeps the QC
// screens' imports working until they import it from there.
export {
  PLAYER_KEYS_NOTE,
  ScoringPlayer,
  STICKY_TOP,
  useAutoplay,
  usePlaybackSpeed,
  type TRecordingRef,
} from '../../../components/recording/ScoringPlayer.tsx';
