import { describe, expect, it } from 'vitest';
import { apiError } from '../providers/http';
import { aiErrorText } from './errors';

const translate = (key: string) => key;
const failure = (status: number, body: Record<string, unknown>) => apiError(status, 'Error', body);
const operatorText = 'The local AI (Ollama) is not reachable at http://10.0.0.5:11434. Start it with "ollama serve" or set OLLAMA_HOST.';

describe('aiErrorText', () => {
  it('never shows the operator text of an AI failure: a plain sentence by kind', () => {
    expect(aiErrorText(failure(503, { message: operatorText, code: 'service.unavailable' }), translate, 'msg.analysisFailed')).toBe('ai.errors.unavailable');
    expect(aiErrorText(failure(504, { message: 'The AI model did not answer within 120 s.', code: 'service.unavailable' }), translate, 'x')).toBe('ai.errors.timeout');
    expect(aiErrorText(failure(502, { message: 'The AI model failed: boom', code: 'service.unavailable' }), translate, 'x')).toBe('ai.errors.badAnswer');
  });

  it('keeps the usual text for other failures', () => {
    expect(aiErrorText(failure(400, { message: 'This vehicle has no images to analyse. Upload photos first.', code: 'validation.failed' }), translate, 'x')).toBe(
      'This vehicle has no images to analyse. Upload photos first.',
    );
    expect(aiErrorText(failure(500, {}), translate, 'msg.analysisFailed')).toBe('msg.analysisFailed');
  });
});
