// The fake VICIdial as a process of its own (bench/dialer-send.ts): its CPU is kept off the server's and the bench's.
// Answers add_lead after FAKE_LATENCY_MS (default 2), agent_status after FAKE_AGENT_LATENCY_MS (default 0); prints one JSON line {url, controlUrl, user, pass} when
// listening; ends on SIGTERM or when its parent closes stdin (so it never outlives a crashed bench).
import { startFakeVicidial } from '@crm/server/test/fake-vicidial';

const fake = await startFakeVicidial();
fake.setLeads({ kind: 'normal', latencyMs: Number(process.env.FAKE_LATENCY_MS ?? 2) });
fake.agents.setAgentStatus({ kind: 'normal', latencyMs: Number(process.env.FAKE_AGENT_LATENCY_MS ?? 0) });
console.log(JSON.stringify({ url: fake.url, controlUrl: fake.controlUrl, user: fake.user, pass: fake.pass }));

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  await fake.close();
  process.exit(0);
}
process.on('SIGTERM', () => void close());
process.stdin.on('end', () => void close());
process.stdin.resume();
