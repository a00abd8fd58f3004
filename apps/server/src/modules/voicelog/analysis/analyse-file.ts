// One recording analysed whole: decoded as a stream (decode.ts) into the analyser (analyse.ts), so an hour-long call
// holds a few MB, never its samples. A file that is not readable audio rejects with UnreadableAudioError and its reason.
import { DEFAULT_HOLD_SECONDS, type TAudioAnalysis } from '@crm/shared';
import { createAnalyser } from './analyse.ts';
import { openAudio } from './decode.ts';
import { DEFAULT_DETECTOR, loadVoiceDetector, type TDetectorName } from './vad.ts';

export type TAnalyseOptions = {
  /** A silence longer than this is a hold (HOLD_SECONDS). */
  holdSeconds?: number;
  /** The agent's channel of a stereo recording (ANALYSIS_AGENT_CHANNEL; 0 left, 1 right). */
  agentChannel?: 0 | 1;
  detector?: TDetectorName;
};

export async function analyseRecording(filePath: string, options: TAnalyseOptions = {}): Promise<TAudioAnalysis> {
  const source = await openAudio(filePath);
  const detector = options.detector ?? DEFAULT_DETECTOR;
  await loadVoiceDetector(detector);
  const analyser = createAnalyser({
    sampleRate: source.sampleRate,
    channelCount: source.channelCount,
    holdSeconds: options.holdSeconds ?? DEFAULT_HOLD_SECONDS,
    agentChannel: options.agentChannel ?? 0,
    detector,
    lossy: source.format === 'mp3',
  });
  try {
    for await (const chunk of source.chunks()) analyser.push(chunk);
    return analyser.finish();
  } finally {
    analyser.dispose();
  }
}
