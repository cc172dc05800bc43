// POST /project/economics/run (issue 16 item 5): the project's documents (project-inputs.ts) and its
// yield with its hours (project-pv.ts) → the economics (economics-result.ts), kept as the project's
// 'economics-result' document over the stored one, so that the Economy step and the report read the
// figures last computed (GET /project/economics/result, and its -md5 twin with a share key).
import type { FastifyInstance } from 'fastify';
import type { EconomicsRunAnswer } from '../../model/api/economics.ts';
import { lockOwnProject } from '../projects/documents.ts';
import { economicsResult } from './economics-result.ts';
import { economicsInputs } from './project-inputs.ts';
import { projectPv } from './project-pv.ts';

export async function runEconomics(app: FastifyInstance, userId: number, projectId: number): Promise<EconomicsRunAnswer> {
  const inputs = await economicsInputs(app, userId, projectId);
  const pv = await projectPv(app, userId, projectId);
  const now = app.clock.now();
  const data = economicsResult(inputs, pv, now);
  const version = await app.db.transaction().execute(async (tx) => {
    await lockOwnProject(tx, userId, projectId, now);
    return app.services.documents.put(tx, projectId, 'economics-result', data, userId);
  });
  return { projectId, version, updatedAt: now.toISOString(), data };
}
