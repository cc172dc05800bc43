// The AI assistant's texts (issue 22), Chinese.
export const assistant = {
  assistant: {
    title: 'AI 助手',
    notConfigured: '本服务器未配置 AI 助手',
    notConfiguredHelp: '管理员可通过 AI_PROVIDER（openai 或 ollama）、AI_BASE_URL、AI_API_KEY 和 AI_MODEL 接入。',
    newConversation: '新对话',
    deleteConversation: '删除此对话',
    emptyProject: '可就本项目提问：某个朝向发电量为何偏低，改变倾角、容配比、储能或电价会怎样。回答均由本项目计算得出。',
    emptyList: '打开项目后可询问其数据；此处也可提一般性问题。',
    toolUsed: '{{name}}：{{summary}}',
    thinking: '思考中…',
    placeholder: '输入问题（Enter 发送，Shift+Enter 换行）',
    send: '发送',
    stop: '停止',
    streamBroken: '回答中断，请重试',
  },
} as const;
