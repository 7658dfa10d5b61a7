import { Command } from 'commander';

/**
 * Runs a `tcg` command inside the test process: `run` answers what it printed on stdout and `stderr()`
 * what it wrote there on its last run. Every level is told not to exit the process (`addCommand` copies
 * no settings), so a refusal rejects with commander's error instead.
 */
export function commandRunner(command: () => Command) {
  let stderr = '';
  return {
    stderr: () => stderr,
    async run(...args: string[]): Promise<string> {
      stderr = '';
      const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
      try {
        const program = new Command('tcg').option('--json');
        program.addCommand(command());
        const all = (level: Command): Command[] => [level, ...level.commands.flatMap(all)];
        for (const level of all(program)) level.exitOverride().configureOutput({ writeErr: (text) => (stderr += text) });
        await program.parseAsync(args, { from: 'user' });
        return stdout.mock.calls.map(([text]) => String(text)).join('');
      } finally {
        stdout.mockRestore();
      }
    },
  };
}
