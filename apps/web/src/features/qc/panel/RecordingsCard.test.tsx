// The Call Records with their automatic checks: each recording's chips (one still being analysed asked about until
// it is done), and the filter and sort row sent to the search as its query.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { ANALYSIS_MESSAGES, type TVoiceFile, type TVoiceLogPage } from '@crm/shared';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, type TSentRequest } from '../../../test/lead-actions-test-fetch.ts';
import { searchVoiceLog } from '../../../components/recording/api.ts';
import { checksOf, monoWithHold, pendingReply, stereoWithOvertalk } from '../../../test/analysis-test-data.ts';
import { useRecordingFilters } from './recording-filters.ts';
import { NO_MATCHING_RECORDINGS, RecordingsCard } from './RecordingsCard.tsx';

const DATE = '2026-11-19';
const NUMBER = '01712345678';
const SEARCHED = { id: 1, campaignName: 'Spring Survey', consumerNumber: NUMBER, callDate: DATE };

const file = (fileName: string, checks: TVoiceFile['checks']): TVoiceFile => ({
  dateTime: `${DATE} 10:15:00`,
  phoneNumber: NUMBER,
  campaignName: '',
  agentId: 'AG-1001',
  fileName,
  duration: 200,
  checks,
});
const page = (content: TVoiceFile[]): TVoiceLogPage => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  size: 10,
  number: 0,
  first: true,
  last: true,
});

const stereoChecks = checksOf(stereoWithOvertalk());
const holdChecks = checksOf(monoWithHold());

/** The card as the panel places it: the search's query follows the filters in the address. */
function Card() {
  const [filters] = useRecordingFilters();
  const recordings = useQuery({
    queryKey: ['recordings', filters],
    queryFn: () => searchVoiceLog(DATE, NUMBER, 0, undefined, filters),
  });
  return (
    <RecordingsCard
      search={SEARCHED}
      recordings={recordings}
      page={0}
      onPage={() => undefined}
      chosen={null}
      onChoose={() => undefined}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

const rowOf = (fileName: string) =>
  screen.getAllByRole('listitem').find((li) => li.textContent?.includes(fileName)) ?? null;
const chipsOf = (fileName: string) => {
  const row = rowOf(fileName);
  if (row === null) throw new Error(`no row of ${fileName}`);
  return within(row)
    .queryAllByRole('listitem')
    .map((chip) => chip.textContent);
};

describe('RecordingsCard with the automatic checks', () => {
  it('shows each recording’s chips, and asks about one being analysed until it is done', async () => {
    let polls = 0;
    const server = fakeServer({
      'GET /api/voicelog/search': {
        body: page([
          file('stereo.wav', stereoChecks),
          file('hold.wav', holdChecks),
          file('new.wav', pendingReply()),
          file('gone.wav', null),
        ]),
      },
      'GET /api/voicelog/analysis': () => {
        polls += 1;
        return { body: polls === 1 ? pendingReply() : monoWithHold() };
      },
    });
    renderWithApp(<Card />);
    await screen.findByText('stereo.wav');
    expect(chipsOf('stereo.wav')).toEqual(['Dead air 25 s', 'Longest silence 20 s', 'Agent talk 38 %', 'Overtalk 3×']);
    expect(chipsOf('hold.wav')).toEqual(['Dead air 37 s', 'Longest silence 31 s', 'Hold 31 s']);
    expect(chipsOf('new.wav')).toEqual([ANALYSIS_MESSAGES.pending]);
    expect(chipsOf('gone.wav')).toEqual([]);
    await waitFor(() => expect(chipsOf('new.wav')).toEqual(['Dead air 37 s', 'Longest silence 31 s', 'Hold 31 s']), {
      timeout: 6000,
    });
    // Only the pending recording is asked about.
    expect(server.sent.filter((r) => r.path === '/api/voicelog/analysis').map((r) => r.query.fileName)).toEqual([
      `${DATE}/new.wav`,
      `${DATE}/new.wav`,
    ]);
  });

  it('sends the filters and the order to the search, and says when nothing matches', async () => {
    const server = fakeServer({
      'GET /api/voicelog/search': (r: TSentRequest) => ({
        body: page(r.query.longestSilenceOver === undefined ? [file('hold.wav', holdChecks)] : []),
      }),
    });
    renderWithApp(<Card />, { route: '/qcChecking' });
    await screen.findByText('hold.wav');
    const searches = () => server.sent.filter((r) => r.path === '/api/voicelog/search').map((r) => r.query);
    expect(searches()).toEqual([{ directory: DATE, msisdn: NUMBER, page: '0', size: '10' }]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Longest silence over (seconds)' }), {
      target: { value: '30' },
    });
    await screen.findByText(new RegExp(NO_MATCHING_RECORDINGS.replace('.', '\\.')));
    expect(searches().at(-1)).toEqual({
      directory: DATE,
      msisdn: NUMBER,
      page: '0',
      size: '10',
      longestSilenceOver: '30',
    });
    expect(screen.getByTestId('location').textContent).toBe('/qcChecking?longestSilenceOver=30');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort recordings' }), { target: { value: 'talkRatio' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Talk ratio under (percent)' }), { target: { value: '30' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Talk ratio under (percent)' }), { key: 'Enter' });
    await waitFor(() =>
      expect(searches().at(-1)).toEqual({
        directory: DATE,
        msisdn: NUMBER,
        page: '0',
        size: '10',
        longestSilenceOver: '30',
        talkRatioUnder: '30',
        sort: 'talkRatio',
      }),
    );

    // An emptied box lifts its filter at once.
    fireEvent.change(screen.getByRole('textbox', { name: 'Longest silence over (seconds)' }), {
      target: { value: '' },
    });
    await screen.findByText('hold.wav');
    expect(searches().at(-1)).toEqual({
      directory: DATE,
      msisdn: NUMBER,
      page: '0',
      size: '10',
      talkRatioUnder: '30',
      sort: 'talkRatio',
    });
  });

  it('keeps a change made before the one before it has reached the address', async () => {
    fakeServer({ 'GET /api/voicelog/search': { body: page([file('hold.wav', holdChecks)]) } });
    renderWithApp(<Card />, { route: '/qcChecking?longestSilenceOver=30' });
    await screen.findByText('hold.wav');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Longest silence over (seconds)' }).value).toBe('30');
    // Both in one go, as a fast hand (or a slow machine) does: the first has not rendered when the second comes.
    act(() => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Longest silence over (seconds)' }), {
        target: { value: '' },
      });
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort recordings' }), { target: { value: 'talkRatio' } });
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/qcChecking?sort=talkRatio'));
  });
});
