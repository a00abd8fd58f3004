// Under a record of the agent's QC Review: the grade, the lost criteria with the inspector's comments, the timeline's
// comments with their moment and Play from here, the dispute window's text, and the acknowledgement: the button, the
// optional comment, "Acknowledged on …", and a refusal shown with its message while what was typed stays.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TAgentQcRecord, TQcRecordComment } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { agentToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../../test/lead-actions-test-fetch.ts';
import { agentRecord, review } from '../../../test/qc-test-data.ts';
import { RecordFeedback } from './RecordFeedback.tsx';
import { acknowledgeState, disputeWindowText, timelineMarkers } from './record-feedback.ts';

afterEach(() => vi.restoreAllMocks());

const NOW = new Date('2026-03-05T06:00:00.000Z');

function comment(over: Partial<TQcRecordComment>): TQcRecordComment {
  return {
    id: 1,
    qcRecordId: 11,
    atSeconds: null,
    criterionKey: null,
    criterionName: null,
    text: 'A comment',
    authorName: 'qc.rahman',
    createdAt: '2026-03-02T08:00:00.000Z',
    ...over,
  };
}

function scored(over: Partial<TAgentQcRecord> = {}): TAgentQcRecord {
  return {
    ...agentRecord({ id: 11, consumerNumber: '+8801711111111' }),
    grade: 'Good',
    lostCriteria: [
      { key: 'greetings', name: 'Greetings', choice: 'No', marks: -5, bestMarks: 0, comment: 'No greeting at all.' },
      { key: 'crm', name: 'CRM', choice: 'Need Improvement', marks: 10, bestMarks: 20, comment: '' },
    ],
    comments: [
      comment({ id: 7, atSeconds: 65, text: 'Interrupted the customer here.' }),
      comment({ id: 8, atSeconds: 12.5, text: 'Good opening tone.' }),
      comment({ id: 9, criterionKey: 'crm', criterionName: 'CRM', text: 'Fill the notes field.' }),
      comment({ id: 10, text: 'Well handled overall.' }),
    ],
    acknowledgedAt: null,
    acknowledgementComment: null,
    disputeUntil: '2026-03-09T06:00:00.000Z',
    ...over,
  };
}

function renderCard(record: TAgentQcRecord, routes: Record<string, TFakeRoute> = {}, playFrom = vi.fn()) {
  storeSession(agentToken({ userName: 'AG-1001', agentId: 'AG-1001' }));
  const server = fakeServer(routes);
  renderWithApp(<RecordFeedback record={record} isAgent onPlayFrom={playFrom} duration={95} now={NOW} />);
  return { server, playFrom };
}

const ACK = '/api/qc-records/11/acknowledge';

describe('RecordFeedback', () => {
  it('shows the grade, the lost criteria with choice, marks of best and comment, and the dispute window', () => {
    renderCard(scored());
    expect(screen.getByText('Grade: Good')).toBeTruthy();
    const lost = within(screen.getByRole('table', { name: /^Criteria where marks were lost/ }));
    const greetings = within(lost.getByText('Greetings').closest('tr') as HTMLElement);
    expect(greetings.getByText('No')).toBeTruthy();
    expect(greetings.getByText('-5 of 0')).toBeTruthy();
    expect(greetings.getByText('No greeting at all.')).toBeTruthy();
    expect(within(lost.getByText('CRM').closest('tr') as HTMLElement).getByText('10 of 20')).toBeTruthy();
    expect(screen.getByText('Dispute until 2026-03-09')).toBeTruthy();
  });

  it('lists the timeline comments by moment with m:ss, a marker each, and plays from a comment', () => {
    const { playFrom } = renderCard(scored());
    const list = within(screen.getByRole('list', { name: 'Comments on the recording' }));
    const items = list.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/^0:12.*Good opening tone\./);
    expect(items[1]).toMatch(/^1:05.*Interrupted the customer here\./);
    const markers = screen.getAllByTestId('timeline-marker');
    expect(markers.map((m) => m.getAttribute('data-at'))).toEqual(['12.5', '65']);
    expect(markers[1]?.style.left).toContain('68.42'); // 65 s of 95
    fireEvent.click(list.getByRole('button', { name: 'Play from 1:05' }));
    expect(playFrom).toHaveBeenCalledWith(65);
    // A lost criterion's comment reads in its row; a comment on no criterion and no moment below.
    const lost = within(screen.getByRole('table', { name: /^Criteria where marks were lost/ }));
    expect(within(lost.getByText('CRM').closest('tr') as HTMLElement).getByText('Fill the notes field.')).toBeTruthy();
    const others = within(screen.getByRole('list', { name: 'Inspector’s comments' }));
    expect(others.getByText(/Well handled overall\./)).toBeTruthy();
    expect(others.queryByText(/Fill the notes field/)).toBeNull();
  });

  it('makes each marker a button in the Tab order that plays from its moment, named with the comment', () => {
    const { playFrom } = renderCard(scored());
    const marker = screen.getByRole('button', { name: 'Play from 1:05: Interrupted the customer here.' });
    expect(marker.tagName).toBe('BUTTON');
    expect(marker.tabIndex).toBe(0);
    expect(screen.getByRole('group', { name: /^Comments on the recording of the call to/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play from 0:12: Good opening tone.' }));
    expect(playFrom).toHaveBeenCalledWith(12.5);
  });

  it('draws the markers without buttons when the record has no recording', () => {
    storeSession(agentToken({ userName: 'AG-1001', agentId: 'AG-1001' }));
    fakeServer({});
    renderWithApp(<RecordFeedback record={scored()} isAgent onPlayFrom={null} duration={95} now={NOW} />);
    expect(screen.getAllByTestId('timeline-marker')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Play from/ })).toBeNull();
  });

  it('says when the dispute window closed', () => {
    renderCard(scored({ disputeUntil: '2026-03-04T06:00:00.000Z' }));
    expect(screen.getByText('Dispute window closed on 2026-03-04')).toBeTruthy();
  });

  it('acknowledges with an optional comment and then shows "Acknowledged on …"', async () => {
    const { server } = renderCard(scored(), {
      [`POST ${ACK}`]: {
        body: { qcRecordId: 11, acknowledgedAt: '2026-03-05T07:00:00.000Z', comment: 'Understood.' },
      },
      'GET /api/qcReport/list-of-qc-records-by-agent-id': { body: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const box = screen.getByLabelText('Acknowledgement comment (optional)');
    fireEvent.change(box, { target: { value: ' Understood. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(/^Acknowledged on 2026-03-05 \d\d:00:00$/)).toBeTruthy();
    expect(screen.getByText('“Understood.”')).toBeTruthy();
    expect(server.writes().map((w) => [w.path, w.body])).toEqual([[ACK, { comment: 'Understood.' }]]);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('shows a refusal with its message and keeps the typed comment', async () => {
    renderCard(scored(), {
      [`POST ${ACK}`]: { status: 409, body: { message: 'You already acknowledged this QC record on 2026-03-04' } },
      'GET /api/qcReport/list-of-qc-records-by-agent-id': { body: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const box = screen.getByLabelText('Acknowledgement comment (optional)');
    fireEvent.change(box, { target: { value: 'Seen it' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('You already acknowledged this QC record on 2026-03-04')).toBeTruthy();
    expect((screen.getByLabelText('Acknowledgement comment (optional)') as HTMLTextAreaElement).value).toBe('Seen it');
  });

  it('shows an acknowledged record as such, and no button on a disputed one or for someone else', () => {
    renderCard(scored({ acknowledgedAt: '2026-03-04T09:30:00.000Z', acknowledgementComment: '' }));
    expect(screen.getByText(/^Acknowledged on 2026-03-04 \d\d:30:00$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();

    const disputed = { ...scored(), review: review({ qcId: 11, agreed: 'No', raiseConcern: true }) };
    expect(acknowledgeState(disputed, true)).toEqual({ kind: 'none' });
    expect(acknowledgeState(scored(), false)).toEqual({ kind: 'none' });
    expect(acknowledgeState(scored(), true)).toEqual({ kind: 'open' });
  });
});

describe('record-feedback', () => {
  it('places markers over the recording, or over the last moment when its length is unknown', () => {
    const comments = [comment({ id: 1, atSeconds: 30 }), comment({ id: 2, atSeconds: 60 }), comment({ id: 3 })];
    expect(timelineMarkers(comments, 120).map((m) => m.percent)).toEqual([25, 50]);
    expect(timelineMarkers(comments, null).map((m) => m.percent)).toEqual([50, 100]);
    expect(timelineMarkers([comment({ atSeconds: 0 })], null).map((m) => m.percent)).toEqual([0]);
  });

  it('words the dispute window by the day it ends', () => {
    expect(disputeWindowText('2026-12-08T06:00:00.000Z', new Date('2026-12-07T00:00:00.000Z'))).toBe(
      'Dispute until 2026-12-08',
    );
    expect(disputeWindowText('2026-12-08T06:00:00.000Z', new Date('2026-12-09T00:00:00.000Z'))).toBe(
      'Dispute window closed on 2026-12-08',
    );
  });
});
