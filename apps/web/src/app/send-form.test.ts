// sendForm over real HTTP (a throw-away local server): the token, bytes sent, any HTTP answer, cancel; and percent.
import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/tokens.ts';
import { LOST_ANSWER, withUploadServer } from '../test/upload-server.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api.ts';
import { percent, sendForm, UPLOAD_CANCELLED_MESSAGE, type TUploadBytes } from './send-form.ts';
import { storeSession } from './session.ts';

const server = withUploadServer();

function form(): FormData {
  const data = new FormData();
  data.append('file', new File(['a,b\n1,2\n'], 'rows.csv', { type: 'text/csv' }));
  return data;
}

describe('sendForm', () => {
  it("posts the form with the session's token, reports the bytes sent, and resolves with the answer", async () => {
    const token = makeToken();
    storeSession(token);
    server.reply({ status: 200, body: { stored: 1 } });
    const bytes: TUploadBytes[] = [];
    const reply = await sendForm('/upload/here?x=1', form(), { onUploadProgress: (b) => bytes.push(b), totalHint: 8 });
    expect(reply).toEqual({ status: 200, body: { stored: 1 } });
    const [received] = server.received;
    expect(received?.url).toBe('/upload/here?x=1');
    expect(received?.authorization).toBe(`Bearer ${token}`);
    expect(received?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received?.body).toContain('filename="rows.csv"');
    const last = bytes.at(-1);
    expect(last?.total).toBeGreaterThan(0);
    expect(last?.loaded).toBe(last?.total);
  });

  it('resolves with a refusal too: the caller reads the status', async () => {
    server.reply({ status: 409, body: { message: 'Already there' } });
    await expect(sendForm('/upload/here', form())).resolves.toEqual({
      status: 409,
      body: { message: 'Already there' },
    });
  });

  it('rejects as cancelled when stopped, and as a network failure when no answer comes', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sendForm('/upload/here', form(), { signal: controller.signal })).rejects.toEqual(
      new ApiError(0, UPLOAD_CANCELLED_MESSAGE, 'aborted'),
    );
    server.reply(LOST_ANSWER);
    const failure = await sendForm('/upload/here', form()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('network');
    expect((failure as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('percent', () => {
  it('is the whole percent sent, 0 before anything is known, never past 100', () => {
    expect(percent(null)).toBe(0);
    expect(percent({ loaded: 5, total: 0 })).toBe(0);
    expect(percent({ loaded: 1, total: 3 })).toBe(33);
    expect(percent({ loaded: 9, total: 8 })).toBe(100);
  });
});
