// The banner of "Submit and next" (docs/guide/qc-queue.md): what was saved and which call opened next, or that the
// queue is empty ("Saved QC of +8801712… (total 85, A). Next: +8801898… by Rahim Uddin").
import type { TQcQueueCall } from '@crm/shared';
import type { TSubmitted } from './qc-panel-state.ts';

export type TNextCall =
  | { kind: 'opening' }
  | { kind: 'next'; call: Pick<TQcQueueCall, 'phoneNumber' | 'agentName' | 'callDate'> }
  | { kind: 'empty'; filtered: boolean }
  | { kind: 'failed'; message: string };

export type TLoopNotice = { saved: string; next: string; tone: 'green' | 'blue' | 'red' };

export function loopNotice(saved: TSubmitted, next: TNextCall): TLoopNotice {
  const { inHouse, search } = saved;
  const said =
    saved.comments === 0 ? '' : ` with ${saved.comments} comment${saved.comments === 1 ? '' : 's'} on the recording`;
  const text = `Saved QC of ${search.consumerNumber} (total ${inHouse.total}, ${inHouse.agentGrade})${said}.`;
  switch (next.kind) {
    case 'opening':
      return { saved: text, next: 'Opening the next call…', tone: 'green' };
    case 'next':
      return { saved: text, next: `Next: ${next.call.phoneNumber} by ${next.call.agentName}.`, tone: 'green' };
    case 'empty':
      return {
        saved: text,
        next: `The queue is empty: no call left to score${next.filtered ? ' with these filters' : ''}.`,
        tone: 'blue',
      };
    case 'failed':
      return { saved: text, next: `The next call could not be claimed: ${next.message}`, tone: 'red' };
  }
}
