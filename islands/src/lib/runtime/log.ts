// The runtime's failures are expected in the field (offline, a deploy in progress) and
// the browser tests fail on any console *error*, so they are only warnings.
export function logWarning(message: string, detail?: unknown): void {
  if (detail === undefined) console.warn(`[islands] ${message}`);
  else console.warn(`[islands] ${message}`, detail);
}
