// Submitting a scored call: both records at once, each failure named with the server's reason, the recording linked
// to both only for a ticked call, the timeline comments posted to the in-house record, and a second Submit doing only
// what is left.
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { TQcClientRecord, TQcRecord, TQcRecordComment } from '@crm/shared';
import { clientBody, freshColumn, inHouseBody } from './scorecard.ts';
import { NO_PROGRESS, submitScoredCall, SUBMIT_STEP_NAMES, type TSubmitCalls } from './submit-qc.ts';

const CALL = {
  callDate: '2026-11-19',
  campaignName: 'Spring Survey',
  consumerNumber: '01712345678',
  agentId: 'AG-1001',
  duration: 42,
};
const BODIES = { inHouse: inHouseBody(CALL, freshColumn()), client: clientBody(CALL, freshColumn()) };
const inHouse = { id: 11 } as TQcRecord;
const client = { id: 12 } as TQcClientRecord;

type TMockCalls = { [K in keyof TSubmitCalls]: Mock<TSubmitCalls[K]> };

function calls(overrides: Partial<TMockCalls> = {}): TMockCalls {
  return {
    addInHouse: vi.fn<TSubmitCalls['addInHouse']>(async () => inHouse),
    addClient: vi.fn<TSubmitCalls['addClient']>(async () => client),
    linkFile: vi.fn<TSubmitCalls['linkFile']>(async (id, fileName) => ({
      id: 1,
      fileName,
      qcReport: { id },
      callDate: CALL.callDate,
    })),
    addComment: vi.fn<TSubmitCalls['addComment']>(async (qcRecordId, body) => ({
      id: 100,
      qcRecordId,
      atSeconds: body.atSeconds ?? null,
      criterionKey: null,
      criterionName: null,
      text: body.text,
      authorName: 'qc.rahman',
      createdAt: '2026-11-19T10:00:00.000Z',
    })),
    ...overrides,
  };
}

describe('submitScoredCall', () => {
  it('stores both records and links the ticked recording to each', async () => {
    const c = calls();
    const outcome = await submitScoredCall(NO_PROGRESS, BODIES, 'a.wav', c);
    expect(outcome).toEqual({
      kind: 'done',
      progress: { inHouse, client, linked: [11, 12], commented: [] },
      fileLinked: true,
    });
    expect(c.addInHouse).toHaveBeenCalledWith(BODIES.inHouse);
    expect(c.addClient).toHaveBeenCalledWith(BODIES.client);
    expect(c.linkFile.mock.calls).toEqual([
      [11, 'a.wav'],
      [12, 'a.wav'],
    ]);
  });

  it('links nothing when no call was ticked', async () => {
    const c = calls();
    const outcome = await submitScoredCall(NO_PROGRESS, BODIES, null, c);
    expect(outcome).toMatchObject({ kind: 'done', fileLinked: false });
    expect(c.linkFile).not.toHaveBeenCalled();
  });

  it('names each record refused with the server’s reason, and links nothing', async () => {
    const c = calls({
      addInHouse: vi.fn<TSubmitCalls['addInHouse']>(async () =>
        Promise.reject(new Error('greetings must be one of Yes (0), No (-5)')),
      ),
      addClient: vi.fn<TSubmitCalls['addClient']>(async () => Promise.reject(new Error('No agent AG-9'))),
    });
    const outcome = await submitScoredCall(NO_PROGRESS, BODIES, 'a.wav', c);
    expect(outcome).toMatchObject({
      kind: 'failed',
      progress: NO_PROGRESS,
      problems: [
        `${SUBMIT_STEP_NAMES.inHouse}: greetings must be one of Yes (0), No (-5)`,
        `${SUBMIT_STEP_NAMES.client}: No agent AG-9`,
      ],
    });
    expect(c.linkFile).not.toHaveBeenCalled();
  });

  it('does only what is left on the next Submit: never a record twice', async () => {
    const first = calls({
      addClient: vi.fn<TSubmitCalls['addClient']>(async () => Promise.reject(new Error('Cannot reach the server.'))),
    });
    const failed = await submitScoredCall(NO_PROGRESS, BODIES, 'a.wav', first);
    expect(failed).toMatchObject({ kind: 'failed', progress: { inHouse, client: null, linked: [], commented: [] } });

    const second = calls({
      linkFile: vi.fn<TSubmitCalls['linkFile']>(async (id) =>
        id === 12
          ? Promise.reject(new Error('down'))
          : { id: 1, fileName: 'a.wav', qcReport: { id }, callDate: CALL.callDate },
      ),
    });
    const partly = await submitScoredCall(failed.progress, BODIES, 'a.wav', second);
    expect(second.addInHouse).not.toHaveBeenCalled();
    expect(second.addClient).toHaveBeenCalledTimes(1);
    expect(partly).toEqual({
      kind: 'failed',
      progress: { inHouse, client, linked: [11], commented: [] },
      problems: [`${SUBMIT_STEP_NAMES.link}: down`],
    });

    const third = calls();
    const done = await submitScoredCall(partly.progress, BODIES, 'a.wav', third);
    expect(third.addInHouse).not.toHaveBeenCalled();
    expect(third.addClient).not.toHaveBeenCalled();
    expect(third.linkFile.mock.calls).toEqual([[12, 'a.wav']]);
    expect(done).toMatchObject({ kind: 'done', progress: { linked: [11, 12] } });
  });

  it('posts the held comments to the in-house record, in order, and on a refusal keeps the rest to retry', async () => {
    const held = [
      { id: 1, fileName: 'a.wav', atSeconds: 7, text: 'Rushed the greeting' },
      { id: 2, fileName: 'a.wav', atSeconds: 42, text: 'Talked over the customer' },
      { id: 3, fileName: 'a.wav', atSeconds: 60, text: 'Good close' },
    ];
    const refused = vi.fn<TSubmitCalls['addComment']>(async (qcRecordId, body) =>
      body.atSeconds === 42
        ? Promise.reject(new Error("atSeconds must be within the recording's 40 seconds"))
        : ({ id: 5, qcRecordId, text: body.text } as TQcRecordComment),
    );
    const first = calls({ addComment: refused });
    const failed = await submitScoredCall(NO_PROGRESS, BODIES, 'a.wav', first, held);
    expect(refused.mock.calls).toEqual([
      [11, { atSeconds: 7, text: 'Rushed the greeting' }],
      [11, { atSeconds: 42, text: 'Talked over the customer' }],
    ]);
    expect(failed).toEqual({
      kind: 'failed',
      progress: { inHouse, client, linked: [11, 12], commented: [1] },
      problems: [`${SUBMIT_STEP_NAMES.comments}: atSeconds must be within the recording's 40 seconds`],
    });

    const second = calls();
    const done = await submitScoredCall(failed.progress, BODIES, 'a.wav', second, held);
    expect(second.addInHouse).not.toHaveBeenCalled();
    expect(second.linkFile).not.toHaveBeenCalled();
    expect(second.addComment.mock.calls.map(([id, body]) => [id, body.atSeconds])).toEqual([
      [11, 42],
      [11, 60],
    ]);
    expect(done).toMatchObject({ kind: 'done', progress: { commented: [1, 2, 3] } });
  });
});
