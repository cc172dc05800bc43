// Sending a verification code: the security check first (slider or graphic captcha → randstr +
// ticket; spec 001 §2 "precede the sending of any code"), then the send call, then the countdown
// from the server's resendAfter. 'Please do not request codes frequently' comes from the server
// (429) as a toast; its retryAfter restarts the countdown.
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityTicket } from '../api/auth.ts';
import { ApiError } from '../api/http.ts';
import { useCountdown } from './useCountdown.ts';

export interface Delivery {
  delivered: boolean;
  notice: string | null;
  resendAfter: number;
}

export interface CodeSender {
  remaining: number;
  sending: boolean;
  /** Runs the security check and sends; resolves true when a code went out. */
  send: () => Promise<boolean>;
}

export function useCodeSender(requestTicket: () => Promise<SecurityTicket | null>, deliver: (t: SecurityTicket) => Promise<Delivery>): CodeSender {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const send = useCallback(async () => {
    const ticket = await requestTicket();
    if (!ticket) return false;
    setSending(true);
    try {
      const d = await deliver(ticket);
      start(d.resendAfter);
      void message.success(t('auth.code.sent'));
      // Dev outbox: the code was not sent to the person — say so (docs/PRODUCT.md: nothing pretends).
      if (!d.delivered && d.notice) void message.info(d.notice);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.details?.retryAfter) start(e.details.retryAfter);
      return false;
    } finally {
      setSending(false);
    }
  }, [requestTicket, deliver, start, message, t]);
  return { remaining, sending, send };
}
