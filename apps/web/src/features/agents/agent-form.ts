// The agent forms' values, labels and groups (docs/product.md §3), the shared schemas' rules in the form's words (docs/product.md §5), the
// request bodies they become, and the server's refusal that belongs to the agent ID.
import {
  AGENT_PROFILE_FIELDS,
  ZCreateAgentRequest,
  ZUpdateAgentRequest,
  type TAgent,
  type TAgentProfileField,
  type TAgentType,
  type TCreateAgentRequest,
  type TUpdateAgentRequest,
} from '@crm/shared';
import type { FormErrors } from '@mantine/form';
import { schemaValidate, type TRefusalFields } from '../../app/form-schema.ts';

export type TAgentField = 'type' | 'name' | 'agentId' | 'password' | 'status' | TAgentProfileField;

/** Every input holds text; '' is "not given". status is 'true' | 'false'. */
export type TAgentFormValues = Record<TAgentField, string> & { type: TAgentType | ''; status: 'true' | 'false' };

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
  vicidialUser: 'VICIdial user',
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

/** The edit page's sections; the Add modal shows only the first fields of docs/product.md §3. */
export const EDIT_GROUPS: readonly { title: string; fields: readonly TAgentField[] }[] = [
  {
    title: 'Identity',
    fields: [
      'type',
      'name',
      'agentId',
      'joiningDate',
      'dob',
      'sex',
      'bloodGroup',
      'religion',
      'maritalStatus',
      'photo',
    ],
  },
  {
    title: 'Contact',
    fields: [
      'cellNumber',
      'email',
      'homeDistrict',
      'presentAddress',
      'permanentAddress',
      'emergencyContactPerson',
      'emergencyContactNumber',
    ],
  },
  { title: 'Payment accounts', fields: ['bankAcNumber', 'nagadAcNumber', 'bkashAcNumber'] },
  { title: 'Family', fields: ['fatherName', 'motherName'] },
  { title: 'Education & work', fields: ['highestEducation', 'institute', 'previousCompany'] },
  // Empty: the agent's VICIdial user is their agent ID (the screen pop watches that user's VICIdial session).
  { title: 'Dialer', fields: ['vicidialUser'] },
];

export const ADD_FIELDS: readonly TAgentField[] = [
  'type',
  'name',
  'agentId',
  'password',
  'cellNumber',
  'joiningDate',
  'bankAcNumber',
  'nagadAcNumber',
  'bkashAcNumber',
];

const EMPTY_PROFILE = Object.fromEntries(AGENT_PROFILE_FIELDS.map((f) => [f, ''])) as Record<
  TAgentProfileField,
  string
>;

export const EMPTY_AGENT_FORM: TAgentFormValues = {
  ...EMPTY_PROFILE,
  type: '',
  name: '',
  agentId: '',
  password: '',
  status: 'true',
};

export function agentFormValues(agent: TAgent): TAgentFormValues {
  const profile = Object.fromEntries(AGENT_PROFILE_FIELDS.map((f) => [f, agent[f] ?? ''])) as Record<
    TAgentProfileField,
    string
  >;
  return {
    ...profile,
    type: agent.type,
    name: agent.name,
    agentId: agent.agentId,
    password: '',
    status: agent.status ? 'true' : 'false',
  };
}

/** Said when a form is refused before sending: nothing was sent, so nothing "failed". */
export const CORRECT_MARKED_FIELDS = 'Correct the marked fields.';

/** The request body the values make, before the schema trims and checks it ('' of a profile field means none). */
function agentInput(values: TAgentFormValues) {
  const { status: _status, password, type, ...rest } = values;
  // A blank password is left out: required to add an agent, "keep the current one" on edit.
  return { ...rest, type: type === '' ? undefined : type, ...(password === '' ? {} : { password }) };
}

/**
 * ZCreateAgentRequest's rules (docs/product.md §5: category, name and agent ID required; a password of at least
 * MIN_PASSWORD_LENGTH characters; lengths, dates, email), in the form's words.
 */
export const validateAgentForm = schemaValidate(ZCreateAgentRequest, { labels: AGENT_LABELS, toInput: agentInput });

/** ZUpdateAgentRequest's rules for the agent being edited: a blank password keeps the current one. */
export function validateAgentEdit(id: number): (values: TAgentFormValues) => FormErrors {
  return schemaValidate(ZUpdateAgentRequest, {
    labels: AGENT_LABELS,
    toInput: (values: TAgentFormValues) => editInput(id, values),
  });
}

function editInput(id: number, values: TAgentFormValues) {
  return { ...agentInput(values), id, status: values.status === 'true' };
}

/** The body the server gets: the schema's own output (trimmed, blanks as null). Only for values that passed validation. */
export function toCreateRequest(values: TAgentFormValues): TCreateAgentRequest {
  return ZCreateAgentRequest.parse(agentInput(values));
}

export function toUpdateRequest(id: number, values: TAgentFormValues): TUpdateAgentRequest {
  const { password, ...request } = ZUpdateAgentRequest.parse(editInput(id, values));
  return password === undefined ? request : { ...request, password };
}

/** apps/server/src/modules/agents/agent-rows.ts: an agent ID taken by an agent or by another account (409 DUPLICATE). */
export const AGENT_REFUSALS: TRefusalFields<'agentId'> = ['agentId'];
