import type { Logger } from '@google/adk';
import { setLogger } from '@google/adk';

const quiet = () => undefined;
const SILENT: Logger = { log: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet, setLogLevel: quiet };

/**
 * ADK logs through winston to the console (stdout included), which would corrupt `--json` output and
 * fail tests; Waybill keeps its own audit trail, so ADK's logger is replaced by a silent one.
 */
export function silenceAdk(): void {
  setLogger(SILENT);
}
