// QC inspector and client accounts managed by admins (docs/product.md §7.4, docs/guide/clients.md): requests, replies.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, noControlChars } from './common.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

/** A new or reset password: long enough to resist guessing; stored only as a hash, never returned. */
export const ZNewPassword = z
  .string({ message: 'password is required' })
  .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** Roles an account on the Users screen can have; agents are managed on the Agents screen. */
export const USER_ROLES = ['ADMIN', 'QC', 'CLIENT'] as const;
export type TUserRole = (typeof USER_ROLES)[number];
/** The roles an admin gives a new account: a QC inspector or a client account (docs/guide/clients.md). */
export const NEW_USER_ROLES = ['QC', 'CLIENT'] as const;

/** A client account's campaigns, by name: at least one, each at most once (the server refuses unknown names). */
export const ZClientCampaignNames = z
  .array(z.string().trim().min(1, 'a campaign name must not be empty').max(100), {
    message: 'campaigns must be a list of campaign names',
  })
  .min(1, 'campaigns must name at least one campaign')
  .max(200, 'campaigns must be at most 200')
  .transform((names) => [...new Set(names)]);

export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  active: z.boolean(),
  createdAt: z.string(),
  /** Whether the account has a second factor (TOTP) enrolled: DELETE /api/users/{id}/mfa resets it. */
  mfaEnrolled: z.boolean(),
  /** A client account's campaigns, by name, A to Z (client accounts only). */
  campaigns: z.array(z.string()).optional(),
  /** Whether a client account may play its campaigns' recordings (client accounts only). */
  recordingsAllowed: z.boolean().optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCreateUserRequest = z
  .object({
    username: z
      .string({ message: 'username is required' })
      .refine(...noControlChars('username'))
      .trim()
      .min(1, 'username is required')
      .max(100, 'username must be at most 100 characters')
      .regex(/^\S+$/, 'username must not contain spaces'),
    name: z
      .string({ message: 'name is required' })
      .refine(...noControlChars('name'))
      .trim()
      .min(1, 'name is required')
      .max(100, 'name must be at most 100 characters'),
    password: ZNewPassword,
    role: z.enum(NEW_USER_ROLES, { message: 'role must be QC or CLIENT' }).default('QC'),
    /** CLIENT: the campaigns it may see, by name (required, at least one); refused for QC. */
    campaigns: ZClientCampaignNames.optional(),
    /** CLIENT: whether it may play its campaigns' recordings (default false). */
    recordings: z.boolean({ message: 'recordings must be true or false' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.role === 'CLIENT' && input.campaigns === undefined)
      ctx.addIssue({ code: 'custom', path: ['campaigns'], message: 'campaigns must name at least one campaign' });
    if (input.role === 'QC' && input.campaigns !== undefined)
      ctx.addIssue({ code: 'custom', path: ['campaigns'], message: 'campaigns are for client accounts only' });
  });
/** What a caller sends (role may be left out: QC). */
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;

/** Every field optional: rename, enable or disable, or reset the password, in any combination. */
export const ZUpdateUserRequest = z.object({
  name: z
    .string()
    .refine(...noControlChars('name'))
    .trim()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters')
    .optional(),
  active: z.boolean({ message: 'active must be true or false' }).optional(),
  password: ZNewPassword.optional(),
  /** A client account's campaigns, by name: the whole new list (client accounts only). */
  campaigns: ZClientCampaignNames.optional(),
  /** Whether a client account may play its campaigns' recordings (client accounts only). */
  recordings: z.boolean({ message: 'recordings must be true or false' }).optional(),
  /** Changing one's own password: the current one, required (docs/trust.md, Passwords). */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  /** Changing one's own password with a second factor enrolled: a code of it (or a recovery code). */
  mfaCode: z.string().trim().max(40).optional(),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

export const ZUserIdParams = z.object({ id: z.coerce.number().int().positive('id must be a positive number') });

/** GET /api/users?page&size&search: the same paged reply as /api/users/pagination/{page}/{size}. */
export const ZUserListQuery = z.object({
  page: z.coerce.number().int().min(0, 'page must be 0 or more').default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be at least 1')
    .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
