// The fake VICIdial of the browser tests: started by global-setup.ts, steered by the tests over its control URL.
export {
  FAKE_STATS,
  readFakeLeadCounters,
  setFakeVicidial,
  startFakeVicidial,
  type FakeBehaviour,
  type FakeLeadCounters,
  type FakeLeadsBehaviour,
  type FakeLeadsControl,
  type FakeVicidial,
} from '@crm/server/test/fake-vicidial';

/** How the product under test is pointed at the fake (its poll interval is the shortest allowed). */
export const FAKE_DIALER_ENV = { VICIDIAL_USER_GROUPS: 'VIRTUAL|INHOUSE', DIALER_POLL_MS: '1000' } as const;

/** The agent side: agent_status per agent user and agc/api.php external_status (steered as FakeAgentsControl). */
export {
  readFakeAgentCounters,
  setFakeAgents,
  type FakeAgent,
  type FakeAgentCounters,
  type FakeAgentsControl,
  type FakeAgentSession,
} from '@crm/server/test/fake-vicidial-agents';
