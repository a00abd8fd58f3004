// Agents (docs/product.md §3 Agent, §5, §7 /api/ac, §8): the Agent shape, its requests, the CSV import contract and messages.
import { z } from 'zod';
import { ZNewPassword } from './users.ts';
import { noControlChars } from './common.ts';
import { isIsoDate, parseCalendarDate } from '../domain/dates.ts';

export const AGENT_TYPES = ['Physical', 'Virtual'] as const;
export type TAgentType = (typeof AGENT_TYPES)[number];

/** Spec §8, word for word. */
export const AGENT_MESSAGES = {
  added: '1 agent successfully added!',
  addFailed: 'Data Addition failed!',
  uploaded: (count: number) => `${count} agents added successfully!`,
  uploadFailed: 'Data upload failed!',
  updated: 'Update successful!',
  updateFailed: 'Update failed!',
} as const;

export function agentIdTakenMessage(agentId: string): string {
  return `An agent with ID "${agentId}" already exists`;
}

// ---- dates: see domain/dates.ts; the agent CSV reads the same forms as the lead CSV

/** yyyy-MM-dd or a day-first d/M/yyyy (or d-M-yyyy) to yyyy-MM-dd; null when it is none of those or not a real day. */
export const parseAgentDate = parseCalendarDate;

// ---- request fields

/** Optional text: trimmed, and empty means "not given" (null). */
const optionalText = (max: number) =>
  z
    .string({ message: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = optionalText(10).refine((v) => v === null || isIsoDate(v), 'must be a date written yyyy-MM-dd');

const optionalEmail = optionalText(200).refine(
  (v) => v === null || z.email().safeParse(v).success,
  'must be an email address',
);

/** A VICIdial user ID as agent_status and agc/api.php take it (agent_user: 2–20 characters). */
export const VICIDIAL_USER_PATTERN = /^[A-Za-z0-9_.@-]{2,20}$/;

/** The agent's VICIdial user when it is not their agent ID (the screen pop watches that user's VICIdial session). */
const optionalVicidialUser = optionalText(20).refine(
  (v) => v === null || VICIDIAL_USER_PATTERN.test(v),
  'must be a VICIdial user: 2 to 20 letters, digits or . _ @ -',
);

/** Every Agent field of docs/product.md §3 besides the identity (type, name, agentId), status and password. */
const profileShape = {
  cellNumber: optionalText(30),
  joiningDate: optionalDate,
  bankAcNumber: optionalText(40),
  nagadAcNumber: optionalText(40),
  bkashAcNumber: optionalText(40),
  email: optionalEmail,
  fatherName: optionalText(100),
  motherName: optionalText(100),
  dob: optionalDate,
  sex: optionalText(20),
  bloodGroup: optionalText(10),
  presentAddress: optionalText(300),
  permanentAddress: optionalText(300),
  homeDistrict: optionalText(60),
  emergencyContactNumber: optionalText(30),
  emergencyContactPerson: optionalText(100),
  religion: optionalText(40),
  maritalStatus: optionalText(30),
  highestEducation: optionalText(100),
  institute: optionalText(150),
  previousCompany: optionalText(150),
  photo: optionalText(1000),
  vicidialUser: optionalVicidialUser,
};
export type TAgentProfileField = keyof typeof profileShape;
export const AGENT_PROFILE_FIELDS = Object.keys(profileShape) as TAgentProfileField[];

const agentType = z.enum(AGENT_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? 'type is required' : 'type must be Physical or Virtual',
});
const agentName = z
  .string({ message: 'name is required' })
  .refine(...noControlChars('name'))
  .trim()
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters');
const agentId = z
  .string({ message: 'agentId is required' })
  .refine(...noControlChars('agentId'))
  .trim()
  .min(1, 'agentId is required')
  .max(50, 'agentId must be at most 50 characters')
  .regex(/^\S+$/, 'agentId must not contain spaces');

export const ZCreateAgentRequest = z.object({
  type: agentType,
  name: agentName,
  agentId,
  password: ZNewPassword,
  ...profileShape,
});
/** What a client sends; optional fields may be left out, null or empty. */
export type TCreateAgentRequest = z.input<typeof ZCreateAgentRequest>;
export type TCreateAgent = z.output<typeof ZCreateAgentRequest>;

/** PUT /api/ac/editAgent replaces every field; a blank or missing password keeps the current one. */
export const ZUpdateAgentRequest = z.object({
  id: z.number({ message: 'id is required' }).int().positive('id must be a positive number'),
  type: agentType,
  name: agentName,
  agentId,
  status: z.boolean({ message: 'status must be true or false' }),
  password: z
    .string()
    .nullish()
    .transform((v) => (v ? v : undefined))
    .pipe(ZNewPassword.optional()),
  ...profileShape,
});
export type TUpdateAgentRequest = z.input<typeof ZUpdateAgentRequest>;
export type TUpdateAgent = z.output<typeof ZUpdateAgentRequest>;

// ---- replies

const nullableText = z.string().nullable();

/** What the API says about an agent: never a password or hash. */
export const ZAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  agentId: z.string(),
  type: z.enum(AGENT_TYPES),
  cellNumber: nullableText,
  joiningDate: nullableText,
  bankAcNumber: nullableText,
  nagadAcNumber: nullableText,
  bkashAcNumber: nullableText,
  email: nullableText,
  fatherName: nullableText,
  motherName: nullableText,
  dob: nullableText,
  sex: nullableText,
  bloodGroup: nullableText,
  presentAddress: nullableText,
  permanentAddress: nullableText,
  homeDistrict: nullableText,
  emergencyContactNumber: nullableText,
  emergencyContactPerson: nullableText,
  religion: nullableText,
  maritalStatus: nullableText,
  highestEducation: nullableText,
  institute: nullableText,
  previousCompany: nullableText,
  photo: nullableText,
  /** null: the agent's VICIdial user is their agent ID. */
  vicidialUser: nullableText,
  status: z.boolean(),
  createAt: z.string(),
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZAgentIdParams = z.object({ id: z.coerce.number().int().positive('id must be a positive number') });

/** GET /api/ac/search: the web sends one term in all three; any match counts (a union). */
export const ZAgentSearchQuery = z.object({
  name: z.string().trim().max(100, 'name must be at most 100 characters').optional(),
  agentId: z.string().trim().max(100, 'agentId must be at most 100 characters').optional(),
  type: z.string().trim().max(100, 'type must be at most 100 characters').optional(),
});
export type TAgentSearchQuery = z.infer<typeof ZAgentSearchQuery>;
export const MAX_AGENT_SEARCH_RESULTS = 500;

// ---- bulk upload (POST /api/ac/upload, CSV) and its template (GET /api/file/download/csv)

export const AGENT_CSV_COLUMNS = [
  'type',
  'name',
  'agentId',
  'joiningDate',
  'cellNumber',
  'bankAcNumber',
  'nagadAcNumber',
  'bkashAcNumber',
  'password',
] as const;
export type TAgentCsvColumn = (typeof AGENT_CSV_COLUMNS)[number];
export const AGENT_CSV_REQUIRED_COLUMNS: readonly TAgentCsvColumn[] = ['type', 'name', 'agentId', 'password'];
export const AGENT_TEMPLATE_FILENAME = 'agents_template.csv';
export const MAX_AGENT_CSV_BYTES = 5 * 1024 * 1024;
/** Each agent's password is hashed with scrypt, so one file is kept to a size that answers within a minute. */
export const MAX_AGENT_CSV_ROWS = 1000;
export const MAX_REPORTED_UPLOAD_ERRORS = 1000;

/** One problem of a rejected file; row counts like a spreadsheet does (the header is row 1). */
export const ZAgentUploadError = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type TAgentUploadError = z.infer<typeof ZAgentUploadError>;

/** 400 reply of a rejected file: nothing was stored; errors lists the first MAX_REPORTED_UPLOAD_ERRORS of errorCount. */
export const ZAgentUploadRejection = z.object({
  message: z.string(),
  errors: z.array(ZAgentUploadError),
  errorCount: z.number().int(),
});
export type TAgentUploadRejection = z.infer<typeof ZAgentUploadRejection>;
