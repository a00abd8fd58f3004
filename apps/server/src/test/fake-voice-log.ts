// A stand-in external voice-log server (VOICE_LOG_URL) for tests: /search and /download-mp3 of the original shape.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeVoiceLogBehaviour =
  { kind: 'normal' } | { kind: 'status'; code: number } | { kind: 'garbage' } | { kind: 'hang' };

export type FakeVoiceFile = { date: string; fileName: string; phoneNumber: string; agentId: string; bytes: Buffer };

export type FakeVoiceLog = {
  /** The base URL, as VOICE_LOG_URL takes it. */
  url: string;
  set: (behaviour: FakeVoiceLogBehaviour) => void;
  /** Every request received: path with query, and the Range header sent. */
  requests: { url: string; range: string | undefined }[];
  close: () => Promise<void>;
};

/** `prefix`: the path the server sits under (e.g. '/voicelog'), as a real deployment behind a proxy may have. */
export async function startFakeVoiceLog(files: FakeVoiceFile[], prefix = ''): Promise<FakeVoiceLog> {
  let behaviour: FakeVoiceLogBehaviour = { kind: 'normal' };
  const requests: FakeVoiceLog['requests'] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ url: `${url.pathname}${url.search}`, range: req.headers.range });
    const route = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
    if (behaviour.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (behaviour.kind === 'status')
      return res.writeHead(behaviour.code, { 'content-type': 'text/plain' }).end('upstream trouble');
    if (route === '/search') {
      if (behaviour.kind === 'garbage')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      const q = url.searchParams;
      const digits = (q.get('msisdn') ?? '').replace(/\D/g, '').slice(-10);
      const found = files.filter((f) => f.date === q.get('directory') && f.phoneNumber.endsWith(digits));
      const page = Number(q.get('page') ?? 0);
      const size = Number(q.get('size') ?? 10);
      // Like a Spring page, with extra fields, and the duration as a string with decimals.
      const content = found.slice(page * size, (page + 1) * size).map((f) => ({
        dateTime: null,
        phoneNumber: f.phoneNumber,
        campaignName: 'Spring Survey',
        agentId: f.agentId,
        fileName: f.fileName,
        duration: '12.7',
      }));
      return res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          content,
          totalElements: found.length,
          totalPages: Math.ceil(found.length / size),
          size,
          number: page,
          first: page === 0,
          pageable: { sort: [] },
        }),
      );
    }
    if (route === '/download-mp3') {
      const file = files.find((f) => `${f.date}/${f.fileName}` === url.searchParams.get('fileName'));
      if (!file) return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such file');
      const size = file.bytes.length;
      const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (!m)
        return res
          .writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(size), 'accept-ranges': 'bytes' })
          .end(file.bytes);
      const start = Number(m[1]);
      const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      if (start >= size) return res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return res
        .writeHead(206, {
          'content-type': 'audio/mpeg',
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${size}`,
          'accept-ranges': 'bytes',
        })
        .end(file.bytes.subarray(start, end + 1));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    set: (b) => {
      behaviour = b;
    },
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
