// Test helper: reads a server-sent-events reply of fetch() event by event.
export type SseEvent = { event: string; data: string };

export type SseReader = {
  /** The next event, skipping comments (heartbeats); null when the stream has ended. */
  next: (timeoutMs?: number) => Promise<SseEvent | null>;
  /** Comment lines seen so far (": heartbeat"). */
  comments: string[];
};

export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const comments: string[] = [];
  let buffer = '';
  // A read that lost a race against the time-out is kept for the next call, so no chunk is dropped.
  let pending: ReturnType<typeof reader.read> | undefined;

  function takeEvent(): SseEvent | undefined {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return undefined;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) return { event, data: data.join('\n') };
    }
  }

  return {
    comments,
    next: async (timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = takeEvent();
        if (ready) return ready;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()));
        });
        pending ??= reader.read();
        const chunk = await Promise.race([pending, late]);
        clearTimeout(timer);
        if (chunk === 'late') throw new Error(`no event within ${timeoutMs} ms`);
        pending = undefined;
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}
