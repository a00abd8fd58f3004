// The admins' "Upload recordings" card against a real local server (XMLHttpRequest, for its progress): the files sent
// into the date folder and listed with their lengths, the input emptied; every refusal shown with the server's words;
// the progress while sending, and Cancel;
// and a wrong file or a missing date stopped here, naming the file, with nothing sent.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { VOICE_LOG_MESSAGES } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { UPLOAD_CANCELLED_MESSAGE } from '../../app/send-form.ts';
import { withUploadServer } from '../../test/upload-server.ts';
import { UPLOAD_DATE_REQUIRED, UPLOAD_FAILED_TITLE, UploadRecordingsCard } from './UploadRecordingsCard.tsx';

const server = withUploadServer();
afterEach(() => {
  notifications.clean();
  sessionStorage.clear();
});

const DATE = '2026-11-19';
const FIRST = '20261119-101500_01712345678_AG-1001-all.wav';
const SECOND = '20261119-111500_01812345678_AG-1002-all.mp3';

function renderCard() {
  const token = makeToken();
  storeSession(token);
  const { container } = renderWithApp(<UploadRecordingsCard />, { route: '/qcChecking' });
  const fileInput = container.querySelector('input[type="file"]');
  if (!(fileInput instanceof HTMLInputElement)) throw new Error('no file input');
  return { token, fileInput };
}

const recording = (name: string, bytes = 'RIFF....WAVEfmt ') =>
  new File([bytes], name, { type: name.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg' });

function choose(fileInput: HTMLInputElement, date: string, names: string[]) {
  fireEvent.change(screen.getByLabelText(/^Date folder/), { target: { value: date } });
  if (names.length > 0) fireEvent.change(fileInput, { target: { files: names.map((n) => recording(n)) } });
  fireEvent.click(screen.getByRole('button', { name: 'Upload recordings' }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('UploadRecordingsCard', () => {
  it('sends the files into the date folder, lists them with their lengths and empties the file input', async () => {
    server.reply({
      status: 200,
      body: {
        directory: DATE,
        files: [
          { fileName: FIRST, size: 56_044, duration: 7 },
          { fileName: SECOND, size: 2_097_152, duration: 65 },
        ],
      },
    });
    const { token, fileInput } = renderCard();
    choose(fileInput, DATE, [FIRST, SECOND]);
    // the chosen files show in the input until the upload succeeds
    expect(screen.getByRole('button', { name: /Recording files/ }).textContent).toContain(`${FIRST}, ${SECOND}`);

    const title = await screen.findByText(`Uploaded 2 recordings to ${DATE}`);
    const status = title.closest<HTMLElement>('[role="status"]');
    if (status === null) throw new Error('the success is not announced as a status');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${FIRST} — 0:07 (55 KB)`, `${SECOND} — 1:05 (2.0 MB)`]);
    expect(screen.getByRole('button', { name: /Recording files/ }).textContent).toBe('Choose recordings');
    // the date stays for the next batch of the same day
    expect((screen.getByLabelText(/^Date folder/) as HTMLInputElement).value).toBe(DATE);

    expect(server.received).toHaveLength(1);
    const sent = server.received[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`/api/voicelog/upload?directory=${DATE}`);
    expect(sent.authorization).toBe(`Bearer ${token}`);
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain(`filename="${FIRST}"`);
    expect(sent.body).toContain(`filename="${SECOND}"`);
  });

  it.each([
    [409, VOICE_LOG_MESSAGES.exists([FIRST])],
    [400, VOICE_LOG_MESSAGES.unreadable(FIRST)],
    [413, VOICE_LOG_MESSAGES.tooLarge],
  ])("shows a %i refusal with the server's message and keeps the files chosen", async (status, message) => {
    server.reply({ status, body: { message } });
    const { fileInput } = renderCard();
    choose(fileInput, DATE, [FIRST]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(UPLOAD_FAILED_TITLE)).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.queryByText(/^Uploaded/)).toBeNull();
    expect(screen.getByRole('button', { name: /Recording files/ }).textContent).toBe(FIRST);
  });

  it('shows the progress while the files go, and stops the upload on Cancel', async () => {
    server.reply({
      status: 200,
      body: { directory: DATE, files: [{ fileName: FIRST, size: 16, duration: 7 }] },
      delayMs: 1500,
    });
    const { fileInput } = renderCard();
    choose(fileInput, DATE, [FIRST]);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload recordings' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText(UPLOAD_CANCELLED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(screen.queryByText(/^Uploaded/)).toBeNull();
  });

  it('refuses a .txt before sending, naming the file', async () => {
    const { fileInput } = renderCard();
    choose(fileInput, DATE, [FIRST, 'notes.txt']);
    expect(await screen.findByText(VOICE_LOG_MESSAGES.extension('notes.txt'))).toBeTruthy();
    expect(screen.getByRole('button', { name: /Recording files/ }).getAttribute('aria-invalid')).toBe('true');
    await settle();
    expect(server.received).toEqual([]);
  });

  it('asks for the date folder and for at least one file before sending', async () => {
    const { fileInput } = renderCard();
    choose(fileInput, '', []);
    expect(await screen.findByText(UPLOAD_DATE_REQUIRED)).toBeTruthy();
    expect(screen.getByText(VOICE_LOG_MESSAGES.noFiles)).toBeTruthy();
    await settle();
    expect(server.received).toEqual([]);
  });
});
