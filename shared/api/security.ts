import * as z from 'zod';
import { defineContract } from './contract';
import { authenticatorCodeSchema, authenticatorSetupSchema, secondFactorStatusSchema } from '../schemas/second-factor';

const urlResponse = z.object({ url: z.string() });

export const loginSpa = defineContract({
  id: 'security.loginSpa',
  service: 'security',
  method: 'GET',
  path: '/api/security/login/spa',
  summary: 'Starts sign-in: returns the identity provider authorize URL for an SPA path.',
  access: 'public',
  query: z.object({ 'redirect-uri': z.string().max(2048).optional() }),
  response: urlResponse,
});

export const login = defineContract({
  id: 'security.login',
  service: 'security',
  method: 'GET',
  path: '/api/security/login',
  summary: 'Starts sign-in by redirecting the browser to the identity provider.',
  access: 'public',
  query: z.object({ 'redirect-uri': z.string().max(2048).optional() }),
  response: z.null(),
  status: 302,
});

export const authenticate = defineContract({
  id: 'security.authenticate',
  service: 'security',
  method: 'GET',
  path: '/api/security/authenticate',
  summary: 'OAuth callback: completes code + PKCE, creates the session cookie and redirects into the app.',
  access: 'public',
  rateLimit: 'signInCallback',
  query: z.object({
    code: z.string().min(1).max(4096),
    // Ours is base64url (43 characters): anything else is no sign-in of ours, refused before any work.
    state: z.string().min(1).max(128).regex(/^[\w-]+$/, 'Invalid sign-in state.'),
    iss: z.string().max(2048).optional(),
  }),
  response: z.null(),
  status: 302,
});

export const logout = defineContract({
  id: 'security.logout',
  service: 'security',
  method: 'GET',
  path: '/api/security/logout',
  summary: 'Ends the server-side session at once and returns the identity provider logout URL.',
  access: 'public',
  response: urlResponse,
});

export const logoutEverywhere = defineContract({
  id: 'security.logoutEverywhere',
  service: 'security',
  method: 'POST',
  path: '/api/security/logout-everywhere',
  summary: "Ends every session of the signed-in user (all browsers and devices) and returns the identity provider logout URL.",
  access: 'session',
  beforeSecondFactor: true,
  response: urlResponse,
});

export const secondFactor = defineContract({
  id: 'security.secondFactor',
  service: 'security',
  method: 'GET',
  path: '/api/security/mfa',
  summary: "Whether the signed-in user's roles need an authenticator app and whether this session has proved one.",
  access: 'session',
  beforeSecondFactor: true,
  response: secondFactorStatusSchema,
});

export const beginAuthenticatorSetup = defineContract({
  id: 'security.beginAuthenticatorSetup',
  service: 'security',
  method: 'POST',
  path: '/api/security/mfa/setup',
  summary: "Starts setting up an authenticator app: a new secret (text and otpauth URI), in force once a code confirms it.",
  access: 'session',
  beforeSecondFactor: true,
  response: authenticatorSetupSchema,
});

export const verifyAuthenticatorSetup = defineContract({
  id: 'security.verifyAuthenticatorSetup',
  service: 'security',
  method: 'POST',
  path: '/api/security/mfa/verify',
  summary: 'Confirms the authenticator app with a code from it: later sign-ins ask for codes, and this session has its second factor.',
  access: 'session',
  beforeSecondFactor: true,
  body: authenticatorCodeSchema,
  response: secondFactorStatusSchema,
});

export const securityApi = {
  loginSpa,
  login,
  authenticate,
  logout,
  logoutEverywhere,
  secondFactor,
  beginAuthenticatorSetup,
  verifyAuthenticatorSetup,
};
