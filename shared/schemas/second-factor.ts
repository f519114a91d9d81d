import * as z from 'zod';

const ENTER_CODE = 'Enter the 6-digit code from your authenticator app.';

/** A code from an authenticator app: six digits. */
export const authenticatorCodeSchema = z.object({
  code: z.string({ error: ENTER_CODE }).trim().max(6, ENTER_CODE).regex(/^\d{6}$/, ENTER_CODE),
});
export type AuthenticatorCode = z.infer<typeof authenticatorCodeSchema>;

export const secondFactorStatusSchema = z.object({
  /** The user's roles need an authenticator app. */
  required: z.boolean(),
  /** This session proved one (at sign-in or by setting one up). */
  secondFactor: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const authenticatorSetupSchema = z.object({
  /** Base32, what the user types into the app. */
  secret: z.string(),
  /** `otpauth://totp/...`, what the app imports. */
  uri: z.string(),
});
