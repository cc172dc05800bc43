// The enterprise rule of who may open and change a project, as a SQL condition on a project row: the user
// administers the organisation holding the project, or was granted it (enterprise_project_grants).
// The owner's own access is the caller's other branch. enterpriseProjectAccess (projects.ts) answers the
// same question for one project with the reason; this form lets the project service filter in one query.
import { sql, type RawBuilder } from 'kysely';

/** @param projectId the column holding the project's id in the caller's query ('p.id' in the project query) */
export function enterpriseAccessSql(userId: number, projectId = 'p.id'): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from enterprise_projects ep
    join enterprise_members m on m.enterprise_id = ep.enterprise_id and m.user_id = ${userId}
    where ep.project_id = ${sql.ref(projectId)}
      and (m.role in ('super_admin', 'admin')
           or exists (select 1 from enterprise_project_grants g where g.project_id = ep.project_id and g.user_id = ${userId})))`;
}
