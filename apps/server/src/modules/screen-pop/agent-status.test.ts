import { describe, expect, it } from 'vitest';
import { AgentStatusError, parseAgentStatus } from './agent-status.ts';

// The replies as docs/NON-AGENT_API.txt (agent_status) shows them, with stage=csv&header=YES.
const HEADER =
  'status,call_id,lead_id,campaign_id,calls_today,full_name,user_group,user_level,pause_code,real_time_sub_status,phone_number,vendor_lead_code,session_id';

describe('reading agent_status', () => {
  it('reads the documented session line by its column names, with or without computer_ip', () => {
    expect(
      parseAgentStatus(
        `${HEADER}\nINCALL,M4050908070000012345,12345,TESTCAMP,1,Test Agent,AGENTS,3,LOGIN,,7275551212,123456,8600051\n`,
      ),
    ).toEqual({
      kind: 'session',
      session: {
        status: 'INCALL',
        callId: 'M4050908070000012345',
        leadId: '12345',
        campaignId: 'TESTCAMP',
        subStatus: '',
        phoneNumber: '7275551212',
        vendorLeadCode: '123456',
        sessionId: '8600051',
      },
    });
    const withIp = parseAgentStatus(
      `${HEADER},computer_ip\r\nPAUSED,,105,TESTBLND,1,Admin,ADMIN,9,,PREVIEW,9545551212,123458,8600052,192.168.1.202\r\n`,
    );
    expect(withIp).toMatchObject({
      kind: 'session',
      session: { status: 'PAUSED', leadId: '105', subStatus: 'PREVIEW' },
    });
    // Columns found by name: a VICIdial that reorders them still reads.
    expect(parseAgentStatus('lead_id,status,phone_number,vendor_lead_code\n7,INCALL,01712345678,99\n')).toMatchObject({
      session: { status: 'INCALL', leadId: '7', phoneNumber: '01712345678', vendorLeadCode: '99', callId: '' },
    });
  });

  it('takes "AGENT NOT LOGGED IN" and "AGENT NOT FOUND" as the agent\'s state, every other ERROR as VICIdial failing', () => {
    expect(parseAgentStatus('ERROR: agent_status AGENT NOT LOGGED IN - 6666||\n')).toEqual({
      kind: 'not-logged-in',
      message: 'ERROR: agent_status AGENT NOT LOGGED IN - 6666||',
    });
    expect(parseAgentStatus('ERROR: agent_status AGENT NOT FOUND - 6666||')).toEqual({
      kind: 'not-found',
      message: 'ERROR: agent_status AGENT NOT FOUND - 6666||',
    });
    expect(() =>
      parseAgentStatus('ERROR: agent_status USER DOES NOT HAVE PERMISSION TO GET AGENT INFO - 6666|0'),
    ).toThrow(new AgentStatusError('ERROR: agent_status USER DOES NOT HAVE PERMISSION TO GET AGENT INFO - 6666|0'));
    expect(() => parseAgentStatus('ERROR: agent_status INVALID SEARCH PARAMETERS - 6666||')).toThrow(AgentStatusError);
  });

  it('refuses a reply of another shape rather than misread it', () => {
    for (const garbage of [
      '',
      '<html><body>502 Bad Gateway</body></html>',
      `${HEADER}\n`,
      'status,lead_id\nINCALL,1\n',
      `${HEADER}\nINCALL,M1,1,T,1,Khan, Rahim,AGENTS,3,,,0171,1,86\n`,
      `${HEADER}\nA\nB\n`,
    ]) {
      expect(() => parseAgentStatus(garbage), garbage).toThrow(AgentStatusError);
    }
  });
});
