// The AI assistant's texts (issue 22), English.
export const assistant = {
  assistant: {
    title: 'AI assistant',
    notConfigured: 'The AI assistant is not configured on this server',
    notConfiguredHelp: 'An administrator can connect one with AI_PROVIDER (openai or ollama), AI_BASE_URL, AI_API_KEY and AI_MODEL.',
    newConversation: 'New conversation',
    deleteConversation: 'Delete this conversation',
    emptyProject: 'Ask about this project: why a face yields less, what a different tilt, DC/AC ratio, battery or tariff would change. The answers are computed from the project.',
    emptyList: 'Open a project to ask about its figures; general questions are welcome here.',
    toolUsed: '{{name}}: {{summary}}',
    thinking: 'Thinking…',
    placeholder: 'Ask a question (Enter to send, Shift+Enter for a new line)',
    send: 'Send',
    stop: 'Stop',
    streamBroken: 'The answer broke off, please try again',
  },
} as const;
