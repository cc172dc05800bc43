// The graphic captcha, the security check's other form (spec 001 §2): a picture of 4 characters;
// the answer buys a randstr + ticket. Also used by the password sign-in after repeated wrong passwords
// (uuid + captcha in the login body).
import { useCallback, useEffect, useState } from 'react';
import { newCaptcha, verifyCaptcha, type SecurityTicket } from '../api/auth.ts';

export interface GraphicCaptcha {
  uuid: string | null;
  img: string | null;
  reload: () => void;
  /** Answers the captcha for a ticket; null (and a new picture) when wrong. */
  answer: (text: string) => Promise<SecurityTicket | null>;
}

export function useGraphicCaptcha(active: boolean): GraphicCaptcha {
  const [c, setC] = useState<{ uuid: string; img: string } | null>(null);
  const reload = useCallback(() => {
    newCaptcha()
      .then((x) => setC({ uuid: x.uuid, img: x.img }))
      .catch(() => setC(null));
  }, []);
  useEffect(() => {
    if (active) reload();
  }, [active, reload]);
  const answer = useCallback(
    async (text: string) => {
      if (!c) return null;
      try {
        const t = await verifyCaptcha(c.uuid, text.trim());
        return { randstr: t.randstr, ticket: t.ticket };
      } catch {
        reload();
        return null;
      }
    },
    [c, reload],
  );
  return { uuid: c?.uuid ?? null, img: c?.img ?? null, reload, answer };
}
