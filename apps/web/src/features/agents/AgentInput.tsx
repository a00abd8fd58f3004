// One input of the agent forms, shaped by its field: selects, dates, addresses, password or plain text.
import { NativeSelect, PasswordInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AGENT_TYPES } from '@crm/shared';
import { DateField } from '../../components/DateField.tsx';
import {
  AGENT_CHOICES,
  AGENT_LABELS,
  DATE_FIELDS,
  MULTILINE_FIELDS,
  type TAgentField,
  type TAgentFormValues,
} from './agent-form.ts';

type Props = {
  field: TAgentField;
  form: UseFormReturnType<TAgentFormValues>;
  disabled?: boolean;
  /** On the edit page the password field resets the password, and blank keeps it. */
  mode: 'add' | 'edit';
};

const REQUIRED: ReadonlySet<TAgentField> = new Set(['type', 'name', 'agentId']);

export function AgentInput({ field, form, disabled = false, mode }: Props) {
  const { value, error, onChange, onFocus, onBlur } = form.getInputProps(field);
  const common = {
    label: AGENT_LABELS[field],
    error,
    onFocus,
    onBlur,
    disabled,
    withAsterisk: REQUIRED.has(field) || (field === 'password' && mode === 'add'),
  };
  const text = String(value);

  if (field === 'type') {
    const data = [{ value: '', label: 'Choose category' }, ...AGENT_TYPES.map((t) => ({ value: t, label: t }))];
    return <NativeSelect {...common} data={data} value={text} onChange={onChange} />;
  }
  if (field === 'status') {
    const data = [
      { value: 'true', label: 'Active' },
      { value: 'false', label: 'Inactive' },
    ];
    return <NativeSelect {...common} data={data} value={text} onChange={onChange} />;
  }
  if (field === 'password') {
    return (
      <PasswordInput
        {...common}
        label={mode === 'edit' ? 'Reset password' : common.label}
        description={
          mode === 'edit'
            ? 'Leave blank to keep the current password.'
            : 'At least 8 characters; the agent signs in with it.'
        }
        autoComplete="new-password"
        value={text}
        onChange={onChange}
      />
    );
  }
  const choices = AGENT_CHOICES[field];
  if (choices !== undefined) {
    const options = text !== '' && !choices.includes(text) ? [...choices, text] : choices;
    const data = [{ value: '', label: 'Not given' }, ...options.map((c) => ({ value: c, label: c }))];
    return <NativeSelect {...common} data={data} value={text} onChange={onChange} />;
  }
  if (DATE_FIELDS.has(field))
    return <DateField {...common} value={text} onChange={(next) => form.setFieldValue(field, next)} />;
  if (MULTILINE_FIELDS.has(field))
    return <Textarea {...common} autosize minRows={2} value={text} onChange={onChange} />;
  if (field === 'vicidialUser') {
    return (
      <TextInput
        {...common}
        description="Leave blank when it is the agent ID. The screen pop follows this VICIdial user's calls."
        autoComplete="off"
        value={text}
        onChange={onChange}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={field === 'email' ? 'email' : 'text'}
      inputMode={/Number$/.test(field) ? 'numeric' : undefined}
      value={text}
      onChange={onChange}
    />
  );
}
