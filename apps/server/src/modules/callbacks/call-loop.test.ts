// A callback through the agent's real calls (docs/guide/call-loop.md, Callbacks): the save of a call makes the caller one who
// may set the lead's callback; the callback is listed and counted on the shift; the next call of the lead closes it.
import { describe, expect, it } from 'vitest';
import { CALLBACK_CODES, type TCallback, type TCallbacks, type TMyShift } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addLead, lookUp, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { middayTimeZone, minutesFromNow, typedTime } from '../../test/callbacks-support.ts';

const t = useTestApp({ timeZone: middayTimeZone() });

describe('a callback in the call loop', () => {
  it('is set after the call is saved, listed and counted, and closed by the next call of the lead', async () => {
    const c = await panelCampaign(t);
    const leadId = await addLead(t, c.id, '+8801716500001');
    const at = typedTime(minutesFromNow(60), t.config.timeZone);

    const early = await c.agent.post('/api/callbacks', { leadId, at, mineOnly: true, note: 'Evening' });
    expect(early.status).toBe(400);
    expect(early.json<{ code: string }>().code).toBe(CALLBACK_CODES.neverCalled);

    await lookUp(c.agent, c.name, '01716500001');
    const partial = await c.agent.put(saveUrl(c.name, '01716500001', leadId), {
      Q1: 'Yes',
      Q2: 'Partial Call',
      is_called: 0,
      disposition: 'CALLBACK',
    });
    expect(partial.status, partial.text).toBe(200);
    const set = await c.agent.post('/api/callbacks', { leadId, at, mineOnly: true, note: 'Evening' });
    expect(set.status, set.text).toBe(200);
    const callback = set.json<TCallback>();
    expect(callback).toMatchObject({ leadId, atText: at, due: false });

    expect((await c.agent.get('/api/callbacks')).json<TCallbacks>().callbacks.map((cb) => cb.id)).toEqual([
      callback.id,
    ]);
    expect((await c.agent.get('/api/ap/myShift')).json<TMyShift>()).toMatchObject({
      calls: 1,
      completed: 0,
      callbacksSet: 1,
    });

    await lookUp(c.agent, c.name, '01716500001');
    const done = await c.agent.put(`${saveUrl(c.name, '01716500001', leadId)}&version=1`, {
      Q1: 'Yes',
      Q2: 'Beta',
      is_called: 1,
    });
    expect(done.status, done.text).toBe(200);
    expect((await c.agent.get('/api/callbacks')).json<TCallbacks>().callbacks).toEqual([]);
    expect(
      (
        await t.db
          .selectFrom('callbacks')
          .select('state')
          .where('id', '=', String(callback.id))
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('done');
    expect((await c.agent.get('/api/ap/myShift')).json<TMyShift>()).toMatchObject({
      calls: 2,
      completed: 1,
      callbacksSet: 1,
    });
  });
});
