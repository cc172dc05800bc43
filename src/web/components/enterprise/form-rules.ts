// The enterprise forms' schemas, from the shared ones (src/model/api/enterprise.ts) with one change:
// an optional e-mail is '' or an address by the account rule (src/model/account.ts emailSchema),
// refused with that rule's message. (The shared `'' | e-mail` union answers zod's 'Invalid input'
// for a bad address, which no catalogue translates.)
import { z } from 'zod';
import { emailSchema, MESSAGES } from '../../../model/account.ts';
import { addCompanyBody, addMemberBody, updateMemberBody } from '../../../model/api/enterprise.ts';

export const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === '' || emailSchema.safeParse(v).success, MESSAGES.emailFormat)
  .optional();

/** The company dialog: name required, the rest optional. */
export const companyForm = addCompanyBody.omit({ enterpriseId: true }).extend({ email: optionalEmail });

/** Adding a member: a name and a mobile number or e-mail. */
export const addMemberForm = addMemberBody.safeExtend({ email: optionalEmail });

/** Changing a member: name, permission, quota, seat, role. */
export const editMemberForm = updateMemberBody.omit({ enterpriseId: true, id: true });
