/**
 * Start-up events on standard output, one JSON line each, in the request log's schema (`level`,
 * `time`, `msg`, then the event's own fields; docs/operations.md, Log): what an operator must see
 * at every start (the first super admin's password, the addresses) shows whatever LOG_LEVEL says,
 * except `silent`.
 */
export type StartupLog = (msg: string, fields?: Record<string, unknown>) => void;

export function startupLog(level: 'info' | 'error' | 'silent', out: NodeJS.WritableStream = process.stdout): StartupLog {
  return (msg, fields = {}) => {
    if (level === 'silent') return;
    out.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...fields })}\n`);
  };
}
