// Who may read a project in a route: its owner (signed in), or anyone holding a live share key
// (the -md5 variants of the read calls, spec 000 §7). A key opens exactly its own project: a
// projectId sent with a key must be that project's, otherwise the answer is 404 like an unknown key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from '../../errors.ts';
import type { ResolvedShare } from '../../projects/shares.ts';

/** The project id the signed-in owner may use (404 when it is not theirs); returns the user id too. */
export async function ownProject(app: FastifyInstance, req: FastifyRequest, projectId: number): Promise<{ userId: number; projectId: number }> {
  const { user } = await app.services.sessions.require(req);
  await app.services.projects.row(user.id, projectId);
  return { userId: user.id, projectId };
}

/** The share a key opens; a mismatching projectId answers 404. */
export async function sharedProject(app: FastifyInstance, shareKey: string, projectId?: number): Promise<ResolvedShare> {
  const share = await app.services.shares.resolve(shareKey);
  if (projectId !== undefined && projectId !== share.projectId) throw apiError('SHARE_NOT_FOUND', {}, { field: 'projectId' });
  return share;
}
