import { resumeCommand } from './resume-command.js';
import { Command } from 'commander';
import { PACKAGE_VERSION } from '../mcp/package-version.js';
import { graphCommand, pruneCommand } from './admin-commands.js';
import { auditCommand } from './audit-command.js';
import { compareCommand } from './compare-command.js';
import { dbCommand } from './db-command.js';
import { demoCommand } from './demo-command.js';
import { evalCommand } from './eval-command.js';
import { exerciseCommand } from './exercise-command.js';
import { guardCommand } from './guard-command.js';
import { kbCommand } from './kb-command.js';
import { mcpCommand } from './mcp-command.js';
import { oracleCommand } from './oracle-command.js';
import { approveCommand, askCommand, rejectCommand, stateCommand } from './run-commands.js';
import { traceCommand } from './trace-command.js';
import { keysCommand } from './keys-command.js';
import { runsCommand } from './runs-command.js';
import { approvalsCommand } from './stored-approval-commands.js';
import { serveCommand } from './serve-command.js';
import { killCommand, toolCommand } from './switch-commands.js';
import { workerCommand } from './worker-command.js';
import { usageCommand } from './usage-command.js';
import { tenantCommand } from './tenant-command.js';
import { rolloutCommand } from './rollout-command.js';

/** The `waybill` command line; each subcommand lives in its own file. */
export function createProgram(): Command {
  return exitTwoOnUsageErrors(
    new Command('waybill')
    .description('Waybill: a multi-agent system for logistics and warehouse operations')
    .version(PACKAGE_VERSION)
    .showHelpAfterError()
    .addCommand(askCommand())
    .addCommand(stateCommand())
    .addCommand(approveCommand())
    .addCommand(resumeCommand())
    .addCommand(rejectCommand())
    .addCommand(approvalsCommand())
    .addCommand(traceCommand())
    .addCommand(demoCommand())
    .addCommand(graphCommand())
    .addCommand(pruneCommand())
    .addCommand(exerciseCommand())
    .addCommand(evalCommand())
    .addCommand(kbCommand())
    .addCommand(mcpCommand())
    .addCommand(guardCommand())
    .addCommand(oracleCommand())
    .addCommand(compareCommand())
    .addCommand(serveCommand())
    .addCommand(workerCommand())
    .addCommand(keysCommand())
    .addCommand(runsCommand())
    .addCommand(usageCommand())
    .addCommand(tenantCommand())
    .addCommand(rolloutCommand())
    .addCommand(killCommand())
    .addCommand(toolCommand())
    .addCommand(auditCommand())
    .addCommand(dbCommand()),
  );
}

/**
 * Commander exits 1 on a missing argument, an unknown command or flag; Waybill's contract is 2 for
 * bad usage (1 means a run stopped). `addCommand` does not pass the override down, so every command
 * in the tree gets it.
 */
function exitTwoOnUsageErrors(command: Command): Command {
  command.exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));
  for (const sub of command.commands) exitTwoOnUsageErrors(sub);
  return command;
}
