// Shared by the account route areas: starting a session after a successful sign-in (token in the
// answer and in the loginToken cookie) and ending it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginAnswer, type LoginAnswer } from '../accounts/answers.ts';
import { TOKEN_COOKIE, type SessionScope } from '../accounts/sessions.ts';
import type { User } from '../db/schema.ts';

export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  flags: { mustChangePassword: boolean; registered: boolean; source?: string | null },
): Promise<LoginAnswer> {
  const scope: SessionScope = flags.mustChangePassword ? 'password_change' : 'full';
  const session = await app.services.sessions.create(user.id, scope, {
    source: flags.source ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  reply.setCookie(TOKEN_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    expires: session.expiresAt,
  });
  const ent = await app.services.entitlements.of(user.id);
  return loginAnswer(user, session, ent, flags);
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.cookieSecure });
}
