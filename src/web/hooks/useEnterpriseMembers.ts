// The personnel list (spec 001 §2 "Personnel information: add, import, remove member; search by name,
// mobile or email", §3 Member, §6): search and status filter, paging, removing a member after the
// spec's confirmation ('you are deleting a staff member, continue?'), inviting an unregistered one
// again, and what an invitation did (sent, or why not).
import { App } from 'antd';
import { createElement, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberStatus } from '../../model/api/enterprise.ts';
import { deleteMember, inviteMember, listMembers, type MemberAnswer, type MemberRow } from '../api/enterprise.ts';
import { usePagedList } from './usePagedList.ts';

export interface MemberFilter {
  keyword: string;
  status: 'all' | MemberStatus;
}

const load = (q: MemberFilter & { page: number; size: number }) =>
  listMembers({ page: q.page, size: q.size, keyword: q.keyword.trim() || undefined, status: q.status === 'all' ? undefined : q.status });

/** Says how each invitation of an answer went (nothing pretends to be delivered). */
export function useInvitationNotice(): (a: MemberAnswer) => void {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (a: MemberAnswer) => {
      if (a.invitations.length === 0) return;
      const lines = a.invitations.map((i) =>
        i.delivered ? t('enterprise.people.invitation.sent', { channel: t(`enterprise.people.channel.${i.channel}`) }) : t('enterprise.people.invitation.notSent', { channel: t(`enterprise.people.channel.${i.channel}`), notice: i.notice ?? '' }),
      );
      const ok = a.invitations.every((i) => i.delivered);
      notification[ok ? 'success' : 'warning']({
        title: t('enterprise.people.invitation.title', { name: a.member.name }),
        description: createElement('div', { 'data-testid': 'invitation-notice', style: { whiteSpace: 'pre-line' } }, lines.join('\n')),
      });
    },
    [notification, t],
  );
}

export function useEnterpriseMembers() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = usePagedList(load, { keyword: '', status: 'all' } as MemberFilter);
  const notice = useInvitationNotice();
  const { reload } = list;

  const remove = useCallback(
    (m: MemberRow) => {
      modal.confirm({
        title: t('enterprise.people.delete'),
        content: createElement('span', { 'data-testid': 'delete-member-confirm' }, t('enterprise.people.deleteConfirm')),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: true, id: 'confirm-delete-member' },
        onOk: async () => {
          await deleteMember(m.id);
          void message.success(t('enterprise.deleted'));
          await reload();
        },
      });
    },
    [modal, message, t, reload],
  );

  const invite = useCallback(
    async (m: MemberRow) => {
      try {
        notice(await inviteMember(m.id));
        await reload();
      } catch {
        // the client showed the error
      }
    },
    [notice, reload],
  );

  return { ...list, remove, invite, notice };
}
