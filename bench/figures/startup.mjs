// Figures 10a-10d: CLI start-up (lib/cli-startup.mjs), each command a whole process, interleaved with
// `node -e 0` in the same run. 10a: `waybill --version` CPU over `node -e 0`'s (issue 36: at most 4x);
// 10b: its wall time (issue 21: under 0.5 s); 10c: an offline `ask`'s wall time (issue 36: at most 1.2 s
// on an idle machine; the load average is in the details); 10d: the `ask`'s CPU over `node -e 0`'s.
import { measureStartup } from '../lib/cli-startup.mjs';

export async function run({ runs = 7 } = {}) {
  const report = measureStartup(runs);
  const of = (id) => report.figures.find((f) => f.command === id);
  const node = of('node -e 0');
  const version = of('waybill --version');
  const ask = of('waybill ask (offline)');
  const repetitions = `${runs} processes each, interleaved with node -e 0`;
  const cpuFigure = (id, command, short, target) => ({
    id,
    name: `${command.command}: CPU seconds of the whole process (median), baseline node -e 0`,
    short,
    repetitions,
    unit: 's CPU',
    waybill: command.cpu_seconds,
    baseline: node.cpu_seconds,
    value: { waybill: command.cpu_seconds?.median ?? null, baseline: node.cpu_seconds?.median ?? null },
    ratio: (command.cpu_seconds?.median ?? Number.NaN) / (node.cpu_seconds?.median ?? Number.NaN),
    ratio_label: 'CPU ÷ node -e 0',
    target,
  });
  const wallFigure = (id, command, short, targetS) => ({
    id,
    name: `${command.command}: wall seconds of the whole process (median), baseline node -e 0`,
    short,
    repetitions,
    unit: 's',
    waybill: command.seconds,
    baseline: node.seconds,
    value: { waybill: command.seconds.median, baseline: node.seconds.median },
    ratio: command.seconds.median / node.seconds.median,
    ratio_label: 'wall ÷ node -e 0',
    target: { op: '<=', value: targetS, applies_to: 'value' },
  });
  return {
    figures: [
      cpuFigure('10a', version, 'waybill --version, CPU', { op: '<=', value: 4 }),
      wallFigure('10b', version, 'waybill --version, wall', 0.5),
      wallFigure('10c', ask, 'offline ask, wall (idle machine)', 1.2),
      cpuFigure('10d', ask, 'offline ask, CPU', null),
    ],
    details: {
      note: 'wall times move with the machine\'s load (10b and 10c are meant for an idle machine); CPU ratios much less',
      load_average: { at_start: report.machine.load_average_at_start, at_end: report.machine.load_average_at_end },
      commands: report.figures,
    },
  };
}
