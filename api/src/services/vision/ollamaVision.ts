import { Ollama } from 'ollama';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';

export type OllamaSettings = { host: string; model: string; timeoutMs: number };
export type VisionStatus = { host: string; model: string; reachable: boolean; modelPresent: boolean };

const STATUS_TIMEOUT_MS = 3000;
const STATUS_CACHE_MS = 15_000;

/**
 * The local vision model through Ollama. Every call has a deadline; a missing server, a missing
 * model, a timeout and an answer that does not fit the schema each become a clear domain error
 * (the HTTP layer gives each its status).
 */
export function createOllamaVision(settings: OllamaSettings) {
  const withDeadline = (ms: number) => (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(ms)]) : AbortSignal.timeout(ms) });
  const client = new Ollama({ host: settings.host, fetch: withDeadline(settings.timeoutMs) });
  const quickClient = new Ollama({ host: settings.host, fetch: withDeadline(STATUS_TIMEOUT_MS) });
  let cached: { status: VisionStatus; until: number } | null = null;

  const unreachable = () =>
    new DomainError('unavailable', 'service.unavailable', `The local AI (Ollama) is not reachable at ${settings.host}. Start it with "ollama serve" or set OLLAMA_HOST.`);
  const modelMissing = () =>
    new DomainError('unavailable', 'service.unavailable', `The vision model ${settings.model} is not installed in Ollama. Run "ollama pull ${settings.model}".`);

  function toDomainError(err: unknown): DomainError {
    if (err instanceof DomainError) return err;
    const e = err as { name?: string; status_code?: number; message?: string; cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      return new DomainError('dependencyTimedOut', 'service.unavailable', `The AI model did not answer within ${Math.round(settings.timeoutMs / 1000)} s. Try again, or use a lighter model.`);
    }
    if (e.status_code === 404 || /not found/i.test(e.message ?? '')) return modelMissing();
    if (e.status_code && e.status_code >= 400) return new DomainError('dependencyFailed', 'service.unavailable', `The AI model failed: ${e.message ?? 'unknown error'}`);
    return unreachable();
  }

  async function status(fresh = false): Promise<VisionStatus> {
    if (!fresh && cached && cached.until > Date.now()) return cached.status;
    let result: VisionStatus;
    try {
      const { models } = await quickClient.list();
      const names = models.map((m) => m.name);
      const wanted = settings.model.includes(':') ? settings.model : `${settings.model}:latest`;
      result = { host: settings.host, model: settings.model, reachable: true, modelPresent: names.includes(settings.model) || names.includes(wanted) };
    } catch {
      result = { host: settings.host, model: settings.model, reachable: false, modelPresent: false };
    }
    cached = { status: result, until: Date.now() + STATUS_CACHE_MS };
    return result;
  }

  /** One structured-output call: the answer must be JSON that fits the zod schema. */
  async function ask<S extends z.ZodType>(schema: S, prompt: string, images: Buffer[] = []): Promise<z.output<S>> {
    let content: string;
    try {
      const response = await client.chat({
        model: settings.model,
        stream: false,
        format: z.toJSONSchema(schema) as object,
        options: { temperature: 0 },
        messages: [{ role: 'user', content: prompt, images: images.map((b) => b.toString('base64')) }],
      });
      content = response.message.content;
    } catch (err) {
      throw toDomainError(err);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new DomainError('dependencyFailed', 'service.unavailable', 'The AI model answered with something that is not JSON. Try again.');
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw new DomainError('dependencyFailed', 'service.unavailable', 'The AI model answered in an unexpected shape. Try again.');
    return result.data;
  }

  return { settings, status, ask, unreachable, modelMissing };
}
export type OllamaVision = ReturnType<typeof createOllamaVision>;
