// "Get code" with its countdown.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeSender } from '../hooks/useCodeSender.ts';

export function CodeButton({ sender, disabled }: { sender: CodeSender; disabled?: boolean }) {
  const { t } = useTranslation();
  const waiting = sender.remaining > 0;
  return (
    <Button data-testid="send-code" loading={sender.sending} disabled={disabled || waiting} onClick={() => void sender.send()} style={{ minWidth: 120 }}>
      {waiting ? t('auth.code.resendIn', { seconds: sender.remaining }) : t('auth.code.get')}
    </Button>
  );
}
