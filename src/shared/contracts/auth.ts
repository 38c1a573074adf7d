import { z } from 'zod';
import { localeSchema } from '../i18n/locale-schema.js';

/** User data: firstName, lastName, email, companyName, fiscalNumber, plus isAdmin. */
export const userDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string(),
  fiscalNumber: z.string(),
  isAdmin: z.boolean().optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

/*
 * The problems people meet in forms are ids of the errors catalogue (src/locales/{locale}/errors.json),
 * which the server's 400 `detail` and the web's forms write in the reader's language; their English
 * is the product's ('Enter a valid e-mail address'). Problems only developers meet stay English.
 */
const email = z.string().trim().toLowerCase().pipe(z.email('validation.emailInvalid').max(254));
/** Server rule (ASVS 2.1.1/2.1.2): 8–128 characters. */
export const passwordSchema = z
  .string()
  .min(8, 'validation.passwordTooShort')
  .max(128, 'validation.passwordTooLong');
/** A required text: `required` and `tooLong` are message ids ('First name is required', 'First name is too long'). */
const requiredText = (required: string, tooLong: string, max = 200) => z.string().trim().min(1, required).max(max, tooLong);

export const signupBodySchema = z
  .object({
    firstName: requiredText('validation.firstNameRequired', 'validation.firstNameTooLong', 100),
    lastName: requiredText('validation.lastNameRequired', 'validation.lastNameTooLong', 100),
    email,
    password: passwordSchema,
    confirmPassword: z.string().max(128).optional(),
    companyName: requiredText('validation.companyNameRequired', 'validation.companyNameTooLong'),
    fiscalNumber: requiredText('validation.fiscalNumberRequired', 'validation.fiscalNumberTooLong', 40),
    /** The language the visitor was using; without it the account's comes from Accept-Language. */
    locale: localeSchema.optional().meta({ description: 'The language the visitor was using; without it, the best match of Accept-Language' }),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === '' || b.confirmPassword === b.password, {
    message: 'validation.passwordsDiffer',
    path: ['confirmPassword'],
  });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signupResponseSchema = z.object({ detail: z.string() });

export const signinBodySchema = z.object({
  email,
  password: z.string().min(1, 'validation.passwordRequired').max(1024),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});

export const signinResponseSchema = tokenPairSchema.extend({
  user_id: z.string(),
  data: userDataSchema,
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });
export const refreshResponseSchema = tokenPairSchema;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const passwordRecoveryBodySchema = z.object({ email });
/**
 * The reset token travels as `Authorization: Bearer <token>` and/or as `access_token` (the web app's
 * password-reset call sends both); when both are sent they must be the same token.
 */
export const passwordResetBodySchema = z.object({
  password: passwordSchema,
  access_token: z.string().min(1).max(2048).optional(),
});
export const updateEmailBodySchema = z.object({ email });
export const updatePasswordBodySchema = z.object({
  current_password: z.string().min(1, 'validation.currentPasswordRequired').max(1024),
  new_password: passwordSchema,
});
export const logoutBodySchema = z.object({ refresh_token: z.string().max(512).optional() });

export const messageResponseSchema = z.object({ detail: z.string() });
export const meResponseSchema = z.object({
  user_id: z.string(),
  data: userDataSchema,
  locale: localeSchema.meta({ description: "The account's language: e-mails, PDFs and texts follow it" }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** How often monitoring events not mailed at once come as one digest e-mail ('off': none). */
export const digestFrequencySchema = z.enum(['daily', 'weekly', 'off']);
export type DigestFrequency = z.infer<typeof digestFrequencySchema>;
/** GET and PUT /api/auth/me/settings answer: the account's e-mail settings and language. */
export const accountSettingsSchema = z.object({ digest_frequency: digestFrequencySchema, locale: localeSchema });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
/** PUT /api/auth/me/settings: the settings to change, at least one; the others stay as they are. */
export const accountSettingsUpdateSchema = z
  .object({ digest_frequency: digestFrequencySchema.optional(), locale: localeSchema.optional() })
  .refine((b) => b.digest_frequency !== undefined || b.locale !== undefined, {
    message: 'Send digest_frequency, locale or both',
  })
  .meta({ description: 'At least one of digest_frequency and locale; what is left out stays as it is', minProperties: 1 });
export type AccountSettingsUpdate = z.infer<typeof accountSettingsUpdateSchema>;
export const updateEmailResponseSchema = z.object({ detail: z.string(), data: userDataSchema });
export type UpdateEmailResponse = z.infer<typeof updateEmailResponseSchema>;

/** `GET /api/auth/confirm?token=…` (the link in the confirmation e-mail). */
export const confirmQuerySchema = z.object({ token: z.string().optional() });

/**
 * A confirmation link that cannot be used redirects to `/auth/signin?error=<code>`;
 * the sign-in page shows the matching message (as an error toast).
 */
export const confirmErrorMessages = {
  confirm_invalid: 'This confirmation link is invalid. Please use the link from your most recent email.',
  confirm_used: 'This confirmation link has already been used. Please sign in.',
  confirm_expired:
    'This confirmation link has expired. Use "Forgot your password" to receive a new link that also activates your account.',
} as const;
export type ConfirmErrorCode = keyof typeof confirmErrorMessages;
export const isConfirmErrorCode = (v: string | null | undefined): v is ConfirmErrorCode =>
  v != null && Object.prototype.hasOwnProperty.call(confirmErrorMessages, v);

/** Texts the server answers with (`detail`); the success ones are the app's toasts word for word. */
export const authMessages = {
  signupSuccess: 'Signup successful! Check your email to confirm your account.',
  recoverySent: 'Password reset link sent! Check your email',
  resetSuccess: 'Password updated successfully! Please sign in with your new password.',
  emailUpdated: 'Email updated successfully!',
  passwordUpdated: 'Password updated successfully!',
  loggedOut: 'Logged out successfully',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed:
    'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
  invalidResetLink: 'Invalid or expired reset link',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailTaken: 'This email address is already in use.',
  emailReserved: 'This email address cannot be used.',
  passwordTooCommon: 'This password is too common. Please choose a less common password.',
  invalidRefreshToken: 'Invalid or expired refresh token',
  notAuthenticated: 'Not authenticated',
  invalidToken: 'Invalid token',
  tokenExpired: 'Token has expired',
  sessionEnded: 'Your session has ended. Please sign in again.',
  adminRequired: 'Administrator access required',
  mailUnavailable: 'We could not send the email right now. Please try again in a few minutes.',
} as const;
