// English catalogue: the same keys as the Chinese one (../zh), checked by the types and by
// tests/unit/web/i18n.test.ts.
import { auth } from './auth.ts';
import { common } from './common.ts';
import { home } from './home.ts';
import { setting } from './setting.ts';
import { editor } from './editor.ts';
import { user } from './user.ts';

export const en = { ...common, ...auth, ...user, ...home, ...setting, ...editor };
