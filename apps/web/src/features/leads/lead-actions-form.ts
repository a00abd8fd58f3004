// The state of the generate and regenerate forms: the campaign and date chosen, the typed targets, the "all" choice
// and the outcome shown on the card. Choosing another campaign or date starts the targets afresh.
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { LEAD_MESSAGES, type TLeadDateSummary } from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import type { TLeadActionRequest } from './lead-actions-api.ts';
import { checkTargets, type TActionNotice, type TLeadChoice } from './lead-actions.ts';

export const NO_CHOICE: TLeadChoice = { campaign: '', dataDate: '' };

export function useTargetForm() {
  const [choice, setChoice] = useState<TLeadChoice>(NO_CHOICE);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [all, setAllState] = useState(false);
  const [notice, setNotice] = useState<TActionNotice | null>(null);

  /** The targets to send, or null after putting the problems under the inputs. */
  const readTargets = (): Record<string, number> | null => {
    const check = checkTargets(values);
    if (check.kind === 'ok') return check.targets;
    setErrors(check.errors);
    return null;
  };

  const clearTargets = () => {
    setValues({});
    setErrors({});
    setAllState(false);
  };

  return {
    choice,
    values,
    errors,
    all,
    notice,
    setNotice,
    clearTargets,
    choose: (next: TLeadChoice) => {
      setChoice(next);
      clearTargets();
      setNotice(null);
    },
    changeTarget: (selector: string, value: string) => {
      setValues((v) => ({ ...v, [selector]: value }));
      setErrors(({ [selector]: _, ...rest }) => rest);
      setNotice(null);
    },
    setAll: (checked: boolean) => {
      setAllState(checked);
      setNotice(null);
    },
    readTargets,
    /**
     * Sends the form: "all" after the admin confirms `allConfirmText`; else the typed targets, or the
     * no-targets message without a call when none is typed.
     */
    submit: async (
      figures: TLeadDateSummary,
      allConfirmText: (choice: TLeadChoice, figures: TLeadDateSummary) => string,
      send: (request: TLeadActionRequest) => void,
    ) => {
      setNotice(null);
      if (all) {
        if (await confirmAction({ body: allConfirmText(choice, figures), danger: false }))
          send({ ...choice, all: true, targets: {} });
        return;
      }
      const targets = readTargets();
      if (targets === null) return;
      if (Object.keys(targets).length === 0) return setNotice({ tone: 'warning', message: LEAD_MESSAGES.noTargets });
      send({ ...choice, all: false, targets });
    },
    /** A failed generate or regenerate: the title of docs/product.md §8 and the server's reason, on the card and as a notification. */
    showFailure: (title: string, error: Error) => {
      notifications.show({ color: 'red', title, message: error.message, autoClose: 8000 });
      setNotice({ tone: 'error', title, message: error.message });
    },
  };
}
