import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountSettingsSchema,
  accountSettingsUpdateSchema,
  confirmQuerySchema,
  logoutBodySchema,
  meResponseSchema,
  messageResponseSchema,
  passwordRecoveryBodySchema,
  passwordResetBodySchema,
  refreshBodySchema,
  refreshResponseSchema,
  signinBodySchema,
  signinResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  updateEmailBodySchema,
  updateEmailResponseSchema,
  updatePasswordBodySchema,
} from '../../../shared/contracts/auth.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import { bearerToken, type AuthService, type ClientInfo } from './auth.service.js';

const client = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  acceptLanguage: request.headers['accept-language'],
});

const errors = errorAnswers(400, 401, 403, 409, 429, 503);

export async function authRoutes(app: FastifyInstance, opts: { service: AuthService }): Promise<void> {
  const { r, tags, guarded } = routeGroup(app, { tag: 'auth', scheme: 'bearerAuth', guard: app.authenticate, stage: 'preHandler' });
  const { service } = opts;

  r.post(
    '/api/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and send the confirmation e-mail; its language is locale, else the best for Accept-Language',
        body: signupBodySchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    // The account is created: its resource, once confirmed and signed in, is /api/auth/me.
    async (request, reply) => reply.status(201).header('location', '/api/auth/me').send(await service.signup(request.body, client(request))),
  );

  r.get(
    '/api/auth/confirm',
    {
      // The URL carries a one-time token: keep it out of the request log (ASVS 7.1.1).
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Follow the confirmation link: 302 to /auth/confirm, or to /auth/signin?error=<code>',
        querystring: confirmQuerySchema,
      },
    },
    async (request, reply) => {
      const res = await service.confirmEmail(request.query.token);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(res.ok ? '/auth/confirm' : `/auth/signin?error=${res.reason}`, 302);
    },
  );

  r.post(
    '/api/auth/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signinBodySchema,
        response: { 200: signinResponseSchema, ...errors },
      },
    },
    async (request) => service.signin(request.body, client(request)),
  );

  r.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (the old one stops working)',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (request) => service.refresh(request.body.refresh_token),
  );

  r.post(
    '/api/auth/password-recovery',
    {
      schema: {
        tags,
        summary: 'Send a password reset link (same answer for unknown addresses)',
        body: passwordRecoveryBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => service.requestPasswordReset(request.body.email, client(request)),
  );

  r.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the reset token (bearer and/or access_token); ends every session',
        body: passwordResetBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.resetPassword(bearerToken(request.headers.authorization), request.body.access_token, request.body.password),
  );

  r.post(
    '/api/auth/update-email',
    guarded({
      summary: 'Change the e-mail address (notice to the old address)',
      body: updateEmailBodySchema,
      response: { 200: updateEmailResponseSchema, ...errors },
    }),
    async (request) => service.updateEmail(currentUser(request), request.body.email),
  );

  r.post(
    '/api/auth/update-password',
    guarded({
      summary: 'Change the password (current one checked); ends the other sessions',
      body: updatePasswordBodySchema,
      response: { 200: messageResponseSchema, ...errors },
    }),
    async (request) =>
      service.updatePassword(currentUser(request), request.body.current_password, request.body.new_password),
  );

  // Not guarded: the refresh token alone also ends a session (the bearer token is optional).
  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'End the session of the bearer token and/or of the refresh token',
        body: logoutBodySchema.nullish(),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.logout(bearerToken(request.headers.authorization), request.body?.refresh_token),
  );

  r.get(
    '/api/auth/me',
    guarded({ summary: 'The signed-in user (fresh from the database)', response: { 200: meResponseSchema, ...errors } }),
    async (request) => service.me(currentUser(request)),
  );

  r.get(
    '/api/auth/me/settings',
    guarded({
      summary: "The signed-in user's settings: how often the monitoring digest comes, and the account's language",
      response: { 200: accountSettingsSchema, ...errors },
    }),
    async (request) => service.settings(currentUser(request)),
  );

  r.put(
    '/api/auth/me/settings',
    guarded({
      summary:
        "Change settings, at least one, the others kept: digest_frequency daily, weekly or off (urgent alerts are always sent); locale, the account's language",
      body: accountSettingsUpdateSchema,
      response: { 200: accountSettingsSchema, ...errors },
    }),
    async (request) => service.updateSettings(currentUser(request), request.body),
  );
}
