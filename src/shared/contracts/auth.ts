import { z } from 'zod';

/** SPEC section 3 "User data", plus isAdmin. */
export const userDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string(),
  fiscalNumber: z.string(),
  isAdmin: z.boolean().optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254));
/** Server rule (ASVS 2.1.1/2.1.2): 8–128 characters. */
export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters long')
  .max(128, 'Password must be at most 128 characters long');
const requiredText = (field: string, max = 200) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} is too long`);

export const signupBodySchema = z
  .object({
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    email,
    password: passwordSchema,
    confirmPassword: z.string().max(128).optional(),
    companyName: requiredText('Company name'),
    fiscalNumber: requiredText('Fiscal number', 40),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === '' || b.confirmPassword === b.password, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signupResponseSchema = z.object({ detail: z.string() });

export const signinBodySchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(1024),
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
export const passwordResetBodySchema = z.object({
  password: passwordSchema,
  access_token: z.string().min(1).max(2048),
});
export const updateEmailBodySchema = z.object({ email });
export const updatePasswordBodySchema = z.object({
  current_password: z.string().min(1, 'Current password is required').max(1024),
  new_password: passwordSchema,
});
export const logoutBodySchema = z.object({ refresh_token: z.string().max(512).optional() });

export const messageResponseSchema = z.object({ detail: z.string() });
export const meResponseSchema = z.object({ user_id: z.string(), data: userDataSchema });
