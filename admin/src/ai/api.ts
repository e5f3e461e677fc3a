import { sendJson } from '../providers/http';

export interface DetectedColor {
  color: string | null;
  hex?: string;
  source?: 'ollama' | 'embedded';
}

export interface DamageAnalysis {
  analysis: string;
  analysisAr: string;
  imageCount?: number;
  lastAnalysisDate: string | null;
}

export interface AiStatus {
  ollama: { host: string; model: string; reachable: boolean; modelPresent: boolean };
  colorDetector: 'ollama' | 'embedded';
}

/** POST /api/vehicles/{vehicleId}/files/{fileId}/detect-color */
export const detectColor = (vehicleId: number | string, fileId: number | string) =>
  sendJson<DetectedColor>('POST', `/vehicles/${encodeURIComponent(vehicleId)}/files/${encodeURIComponent(fileId)}/detect-color`);

/** POST /api/vehicles/{id}/accident-analysis (SUPER_ADMIN), an empty body. */
export const runDamageAnalysis = (vehicleId: number | string) =>
  sendJson<DamageAnalysis>('POST', `/vehicles/${encodeURIComponent(vehicleId)}/accident-analysis`);

/** GET /api/ai/status (SUPER_ADMIN). */
export const fetchAiStatus = () => sendJson<AiStatus>('GET', '/ai/status');
