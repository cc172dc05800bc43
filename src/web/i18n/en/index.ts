// English catalogue: the same keys as the Chinese one (../zh), checked by the types and by
// tests/unit/web/i18n.test.ts.
import { aiom } from './aiom.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { drone } from './drone.ts';
import { home } from './home.ts';
import { messages } from './messages.ts';
import { setting } from './setting.ts';
import { editor } from './editor.ts';
import { user } from './user.ts';
import { pay } from './pay.ts';
import { places } from './places.ts';
import { weather } from './weather.ts';
import { designDetail } from './design-detail.ts';
import { library } from './library.ts';
import { electrical } from './electrical.ts';
import { economics } from './economics.ts';
import { enterprise } from './enterprise.ts';
import { report } from './report.ts';
import { assistant } from './assistant.ts';

export const en = { ...common, ...aiom, ...auth, ...user, ...home, ...setting, ...editor, ...messages, ...pay, ...places, ...drone, ...weather, ...designDetail, ...library, ...electrical, ...economics, ...enterprise, ...report, ...assistant };
