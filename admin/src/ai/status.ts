import type { AiStatus } from './api';

/** What the status chip says: ready, Ollama not reachable, or the model missing. */
export function aiState(status: AiStatus): 'ready' | 'unreachable' | 'modelMissing' {
  if (!status.ollama.reachable) return 'unreachable';
  if (!status.ollama.modelPresent) return 'modelMissing';
  return 'ready';
}
