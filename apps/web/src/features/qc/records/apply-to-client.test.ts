// What an in-house edit would change on the client record: the changed fields, how the client record differs, and
// when "Also apply to the client record" starts ticked.
import { describe, expect, it } from 'vitest';
import { bestScores } from '@crm/shared';
import { changeWords, clientPreview, fieldsOfForm, fieldsOfMarks } from './apply-to-client.ts';
import type { TQcRecordForm } from './record-form.ts';

const form = (over: Partial<TQcRecordForm> = {}, scores = {}): TQcRecordForm => ({
  scores: { ...bestScores(), ...scores },
  fatalReason: '',
  easVoiceMatched: 'Yes',
  suggestion: 'Slow down',
  ...over,
});

describe('clientPreview', () => {
  it('starts ticked when the client record had the in-house values of every changed field', () => {
    const before = fieldsOfForm(form());
    const after = fieldsOfForm(form({ suggestion: 'Let them finish' }, { pace: 0 }));
    // The client read Taking Permission differently: not a field this edit changes.
    const client = fieldsOfForm(form({ easVoiceMatched: 'yes' }, { takingPermission: 5 }));
    const preview = clientPreview(before, after, client);
    expect(preview).toMatchObject({ changed: 2, missing: [], defaultOn: true });
    expect(preview.changes.map(changeWords)).toEqual(['Pace: Yes (10) → No (0)', 'Suggestion']);
  });

  it('starts unticked when the client record held its own value of a changed field, and says what it would lose', () => {
    const before = fieldsOfForm(form());
    const after = fieldsOfForm(form({}, { pace: 0 }));
    const client = fieldsOfForm(form({}, { pace: 5 }));
    const preview = clientPreview(before, after, client);
    expect(preview.defaultOn).toBe(false);
    expect(preview.changes.map(changeWords)).toEqual(['Pace: Need Improvement (5) → No (0)']);
  });

  it('nothing changed yet: nothing to apply, unticked', () => {
    const fields = fieldsOfForm(form());
    expect(clientPreview(fields, fields, fields)).toEqual({ changed: 0, changes: [], missing: [], defaultOn: false });
  });

  it('a client record already holding the new values changes nothing there', () => {
    const preview = clientPreview(
      fieldsOfForm(form()),
      fieldsOfForm(form({}, { crm: 10 })),
      fieldsOfForm(form({}, { crm: 10 })),
    );
    expect([preview.changed, preview.changes, preview.defaultOn]).toEqual([1, [], false]);
  });

  it('on another scorecard: choices and comments compared by key; a criterion the client record lacks is named', () => {
    const names = new Map([
      ['greet', 'Greet'],
      ['probe', 'Probe'],
    ]);
    const texts = { fatalReason: '', easVoiceMatchedWithReport: 'yes', suggestion: '' };
    const before = fieldsOfMarks(
      names,
      [
        { key: 'greet', choice: 'Yes', comment: '' },
        { key: 'probe', choice: 'Yes', comment: '' },
      ],
      texts,
    );
    const after = fieldsOfMarks(
      names,
      [
        { key: 'greet', choice: 'Yes', comment: '' },
        { key: 'probe', choice: 'No', comment: 'Never asked' },
      ],
      texts,
    );
    const sameCard = clientPreview(before, after, before);
    expect(sameCard.defaultOn).toBe(true);
    expect(sameCard.changes.map(changeWords)).toEqual(['Probe: Yes → No', 'Probe comment']);
    const standardClient = fieldsOfForm(form());
    expect(clientPreview(before, after, standardClient).missing).toEqual(['Probe', 'Probe comment']);
  });
});
