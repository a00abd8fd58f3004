// The agent forms' values, labels, groups and rules (spec §3, §5), and the request bodies they become.
import { AGENT_PROFILE_FIELDS, MIN_PASSWORD_LENGTH, type TAgent, type TAgentProfileField, type TAgentType, type TCreateAgentRequest, type TUpdateAgentRequest } from '@crm/shared';

export type TAgentField = 'type' | 'name' | 'agentId' | 'password' | 'status' | TAgentProfileField;

/** Every input holds text; '' is "not given". status is 'true' | 'false'. */
export type TAgentFormValues = Record<TAgentField, string> & { type: TAgentType | ''; status: 'true' | 'false' };
export type TAgentFormErrors = Partial<Record<TAgentField, string>>;

export const AGENT_LABELS: Record<TAgentField, string> = {
  type: 'Category',
  name: 'Name',
  agentId: 'Agent ID',
  password: 'Password',
  status: 'Status',
  cellNumber: 'Cell number',
  joiningDate: 'Joining date',
  bankAcNumber: 'Bank account number',
  nagadAcNumber: 'Nagad account number',
  bkashAcNumber: 'bKash account number',
  email: 'Email',
  fatherName: "Father's name",
  motherName: "Mother's name",
  dob: 'Date of birth',
  sex: 'Sex',
  bloodGroup: 'Blood group',
  presentAddress: 'Present address',
  permanentAddress: 'Permanent address',
  homeDistrict: 'Home district',
  emergencyContactNumber: 'Emergency contact number',
  emergencyContactPerson: 'Emergency contact person',
  religion: 'Religion',
  maritalStatus: 'Marital status',
  highestEducation: 'Highest education',
  institute: 'Institute',
  previousCompany: 'Previous company',
  photo: 'Photo URL',
};

/** Choices offered for fields the server keeps as free text (a stored value outside them is still shown). */
export const AGENT_CHOICES: Partial<Record<TAgentField, readonly string[]>> = {
  sex: ['Male', 'Female', 'Other'],
  bloodGroup: ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'],
  religion: ['Islam', 'Hinduism', 'Buddhism', 'Christianity', 'Other'],
  maritalStatus: ['Single', 'Married', 'Divorced', 'Widowed'],
};

export const DATE_FIELDS: ReadonlySet<TAgentField> = new Set(['joiningDate', 'dob']);
export const MULTILINE_FIELDS: ReadonlySet<TAgentField> = new Set(['presentAddress', 'permanentAddress']);

/** The edit page's sections; the Add modal shows only the first fields of spec §3. */
export const EDIT_GROUPS: readonly { title: string; fields: readonly TAgentField[] }[] = [
  { title: 'Identity', fields: ['type', 'name', 'agentId', 'joiningDate', 'dob', 'sex', 'bloodGroup', 'religion', 'maritalStatus', 'photo'] },
  { title: 'Contact', fields: ['cellNumber', 'email', 'homeDistrict', 'presentAddress', 'permanentAddress', 'emergencyContactPerson', 'emergencyContactNumber'] },
  { title: 'Payment accounts', fields: ['bankAcNumber', 'nagadAcNumber', 'bkashAcNumber'] },
  { title: 'Family', fields: ['fatherName', 'motherName'] },
  { title: 'Education & work', fields: ['highestEducation', 'institute', 'previousCompany'] },
];

export const ADD_FIELDS: readonly TAgentField[] = ['type', 'name', 'agentId', 'password', 'cellNumber', 'joiningDate', 'bankAcNumber', 'nagadAcNumber', 'bkashAcNumber'];

const EMPTY_PROFILE = Object.fromEntries(AGENT_PROFILE_FIELDS.map((f) => [f, ''])) as Record<TAgentProfileField, string>;

export const EMPTY_AGENT_FORM: TAgentFormValues = { ...EMPTY_PROFILE, type: '', name: '', agentId: '', password: '', status: 'true' };

export function agentFormValues(agent: TAgent): TAgentFormValues {
  const profile = Object.fromEntries(AGENT_PROFILE_FIELDS.map((f) => [f, agent[f] ?? ''])) as Record<TAgentProfileField, string>;
  return { ...profile, type: agent.type, name: agent.name, agentId: agent.agentId, password: '', status: agent.status ? 'true' : 'false' };
}

/**
 * Category, name and agent ID are required (spec §5). A password is required to add an agent; on edit a
 * blank one keeps the current password. Either way a given one has at least MIN_PASSWORD_LENGTH characters.
 */
export function validateAgentForm(values: TAgentFormValues, mode: 'add' | 'edit'): TAgentFormErrors {
  const errors: TAgentFormErrors = {};
  for (const field of ['type', 'name', 'agentId'] as const) {
    if (values[field].trim() === '') errors[field] = `${AGENT_LABELS[field]} is required`;
  }
  if (/\s/.test(values.agentId.trim())) errors.agentId = 'Agent ID must not contain spaces';
  if (mode === 'add' && values.password === '') errors.password = 'Password is required';
  else if (values.password !== '' && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (values.email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Email must be an email address';
  return errors;
}

function profileRequest(values: TAgentFormValues): Record<TAgentProfileField, string | null> {
  return Object.fromEntries(AGENT_PROFILE_FIELDS.map((f) => [f, values[f].trim() === '' ? null : values[f].trim()])) as Record<TAgentProfileField, string | null>;
}

/** Call only after validateAgentForm found nothing (type is then set). */
export function toCreateRequest(values: TAgentFormValues): TCreateAgentRequest {
  return { ...profileRequest(values), type: values.type as TAgentType, name: values.name.trim(), agentId: values.agentId.trim(), password: values.password };
}

export function toUpdateRequest(id: number, values: TAgentFormValues): TUpdateAgentRequest {
  return {
    ...profileRequest(values),
    id,
    type: values.type as TAgentType,
    name: values.name.trim(),
    agentId: values.agentId.trim(),
    status: values.status === 'true',
    ...(values.password === '' ? {} : { password: values.password }),
  };
}
