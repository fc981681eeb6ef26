/**
 * Runs a command-line entry point: its result is the exit code; an error it throws is printed without a
 * stack (the commands' errors are sentences for an operator) and exits 1.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
