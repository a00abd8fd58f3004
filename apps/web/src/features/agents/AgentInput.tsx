// One input of the agent forms, shaped by its field: selects, dates, addresses, password or plain text.
import { NativeSelect, PasswordInput, Textarea, TextInput } from '@mantine/core';
import { AGENT_TYPES } from '@crm/shared';
import { AGENT_CHOICES, AGENT_LABELS, DATE_FIELDS, MULTILINE_FIELDS, type TAgentField, type TAgentFormErrors, type TAgentFormValues } from './agent-form.ts';

type Props = {
  field: TAgentField;
  values: TAgentFormValues;
  errors: TAgentFormErrors;
  onChange: (field: TAgentField, value: string) => void;
  disabled?: boolean;
  /** On the edit page the password field resets the password, and blank keeps it. */
  mode: 'add' | 'edit';
};

const REQUIRED: ReadonlySet<TAgentField> = new Set(['type', 'name', 'agentId']);

export function AgentInput({ field, values, errors, onChange, disabled = false, mode }: Props) {
  const common = {
    label: AGENT_LABELS[field],
    error: errors[field],
    disabled,
    withAsterisk: REQUIRED.has(field) || (field === 'password' && mode === 'add'),
  };
  const value = values[field];
  const change = (next: string) => onChange(field, next);

  if (field === 'type') {
    const data = [{ value: '', label: 'Choose category' }, ...AGENT_TYPES.map((t) => ({ value: t, label: t }))];
    return <NativeSelect {...common} data={data} value={value} onChange={(e) => change(e.currentTarget.value)} />;
  }
  if (field === 'status') {
    const data = [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }];
    return <NativeSelect {...common} data={data} value={value} onChange={(e) => change(e.currentTarget.value)} />;
  }
  if (field === 'password') {
    return (
      <PasswordInput
        {...common}
        label={mode === 'edit' ? 'Reset password' : common.label}
        description={mode === 'edit' ? 'Leave blank to keep the current password.' : 'At least 8 characters; the agent signs in with it.'}
        autoComplete="new-password"
        value={value}
        onChange={(e) => change(e.currentTarget.value)}
      />
    );
  }
  const choices = AGENT_CHOICES[field];
  if (choices !== undefined) {
    const options = value !== '' && !choices.includes(value) ? [...choices, value] : choices;
    const data = [{ value: '', label: 'Not given' }, ...options.map((c) => ({ value: c, label: c }))];
    return <NativeSelect {...common} data={data} value={value} onChange={(e) => change(e.currentTarget.value)} />;
  }
  if (MULTILINE_FIELDS.has(field)) {
    return <Textarea {...common} autosize minRows={2} value={value} onChange={(e) => change(e.currentTarget.value)} />;
  }
  return (
    <TextInput
      {...common}
      type={DATE_FIELDS.has(field) ? 'date' : field === 'email' ? 'email' : 'text'}
      inputMode={/Number$/.test(field) ? 'numeric' : undefined}
      value={value}
      onChange={(e) => change(e.currentTarget.value)}
    />
  );
}
