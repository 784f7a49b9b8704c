import { Command } from 'commander';
import { PACKAGE_VERSION } from '../mcp/index.js';
import { graphCommand, pruneCommand } from './admin-commands.js';
import { demoCommand } from './demo-command.js';
import { exerciseCommand } from './exercise-command.js';
import { guardCommand } from './guard-command.js';
import { kbCommand } from './kb-command.js';
import { mcpCommand } from './mcp-command.js';
import { oracleCommand } from './oracle-command.js';
import { approveCommand, askCommand, rejectCommand, stateCommand } from './run-commands.js';
import { traceCommand } from './trace-command.js';

/** The `waybill` command line; each subcommand lives in its own file. */
export function createProgram(): Command {
  return new Command('waybill')
    .description('Waybill: a multi-agent system for logistics and warehouse operations')
    .version(PACKAGE_VERSION)
    .showHelpAfterError()
    .addCommand(askCommand())
    .addCommand(stateCommand())
    .addCommand(approveCommand())
    .addCommand(rejectCommand())
    .addCommand(traceCommand())
    .addCommand(demoCommand())
    .addCommand(graphCommand())
    .addCommand(pruneCommand())
    .addCommand(exerciseCommand())
    .addCommand(kbCommand())
    .addCommand(mcpCommand())
    .addCommand(guardCommand())
    .addCommand(oracleCommand());
}
