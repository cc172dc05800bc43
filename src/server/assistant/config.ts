// The AI assistant's configuration from the environment (issue 22): AI_PROVIDER (openai | ollama;
// unset: no assistant, the product says it is not configured), AI_BASE_URL (an OpenAI-compatible API
// root such as https://api.openai.com/v1, or an Ollama server, http://127.0.0.1:11434 by default),
// AI_API_KEY (openai; optional for local OpenAI-compatible servers), AI_MODEL (required), and the
// per-user limits AI_RATE_PER_MINUTE (chats started per minute) and AI_DAILY_TOKENS (prompt +
// completion tokens per UTC day), AI_TIMEOUT_MS (one upstream call).
import { ASSISTANT_LIMITS, assistantProviders, type AssistantProvider } from '../../model/api/assistant.ts';

export interface AssistantConfig {
  provider: AssistantProvider;
  /** API root without a trailing slash. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  perMinute: number;
  dailyTokens: number;
  /** One upstream request may take this long [ms]. */
  timeoutMs: number;
}

type Env = Record<string, string | undefined>;

const DEFAULT_BASE: Record<AssistantProvider, string> = { openai: 'https://api.openai.com/v1', ollama: 'http://127.0.0.1:11434' };

function int(env: Env, name: string, fallback: number, max: number, fail: (m: string) => Error): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw fail(`${name} must be an integer 1–${max}, not ${raw}`);
  return n;
}

/** The assistant's configuration, or null when AI_PROVIDER is unset; `fail` makes the start-stopping error. */
export function assistantConfig(env: Env, fail: (message: string) => Error): AssistantConfig | null {
  const provider = env.AI_PROVIDER?.trim();
  if (!provider) return null;
  if (!(assistantProviders as readonly string[]).includes(provider)) throw fail(`AI_PROVIDER must be openai or ollama, not ${provider}`);
  const p = provider as AssistantProvider;
  const baseUrl = (env.AI_BASE_URL?.trim() || DEFAULT_BASE[p]).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw fail(`AI_BASE_URL must be an http(s) URL, not ${baseUrl}`);
  const model = env.AI_MODEL?.trim();
  if (!model) throw fail(`AI_MODEL is required for AI_PROVIDER=${p}`);
  return {
    provider: p,
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
    perMinute: int(env, 'AI_RATE_PER_MINUTE', ASSISTANT_LIMITS.perMinute, 10_000, fail),
    dailyTokens: int(env, 'AI_DAILY_TOKENS', ASSISTANT_LIMITS.dailyTokens, 1_000_000_000, fail),
    timeoutMs: int(env, 'AI_TIMEOUT_MS', 120_000, 3_600_000, fail),
  };
}
