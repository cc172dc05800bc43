// 中文目录：消息中心（/user/message）。消息按类型（kind）与参数存储，这里给出每种类型的标题与正文。
export const messages = {
  messages: {
    title: '消息中心',
    menu: '消息',
    unreadCount: '{{count}} 条未读',
    empty: '暂无消息',
    emptyUnread: '没有未读消息',
    filter: { all: '全部', unread: '未读', read: '已读' },
    markRead: '标为已读',
    markAllRead: '全部标为已读',
    markedAllRead: '已全部标为已读',
    delete: '删除',
    deleteConfirm: '确定删除这条消息吗？删除后无法恢复。',
    deleted: '已删除',
    open: '查看',
    unread: '未读',
    kinds: {
      payment: {
        paid: { title: '支付成功', body: '订单 {{orderSn}} 已支付{{amountText}}{{itemText}}。' },
      },
      drone: {
        modelled: { title: '无人机建模完成', body: '项目“{{projectName}}”的无人机照片已生成三维模型，可以开始设计。' },
        failed: { title: '无人机建模失败', body: '项目“{{projectName}}”的无人机建模失败{{reasonText}}。{{refundText}}' },
      },
      share: {
        copied: { title: '分享的项目被复制', body: '{{by}} 复制了您分享的项目“{{projectName}}”。' },
      },
      membership: {
        expiring: {
          title: '会员即将到期',
          body_one: '您的卫星会员将于 {{date}} 到期（剩余 {{count}} 天），请及时续费。',
          body_other: '您的卫星会员将于 {{date}} 到期（剩余 {{count}} 天），请及时续费。',
        },
      },
      system: { title: '系统通知' },
    },
    parts: {
      amount: '，金额 ¥{{amount}}',
      item: '（{{item}}）',
      reason: '：{{reason}}',
      refund_one: '已退还 {{count}} 张照片额度。',
      refund_other: '已退还 {{count}} 张照片额度。',
    },
  },
};
