import { describeError } from './describe-error.js';

interface Task {
  name: string;
  run(): Promise<void>;
}

/**
 * What the run must undo (child servers, temporary databases), kept in one place so that a failure or a
 * Ctrl-C half way through still stops every process and removes every database it made. Each task runs at
 * most once, whether the code that made it undoes it or `runAll` does; tasks are undone newest first, so a
 * server is stopped before its database is dropped.
 */
export class Cleanup {
  private readonly tasks: Task[] = [];

  /** Registers `undo` and returns a function that runs it now (and forgets it). */
  add(name: string, undo: () => Promise<void>): () => Promise<void> {
    let running: Promise<void> | undefined;
    const task: Task = { name, run: () => (running ??= undo()) };
    this.tasks.push(task);
    return async () => {
      this.forget(task);
      await task.run();
    };
  }

  /** Undoes everything still registered; a task that fails is reported and the rest still run. */
  async runAll(): Promise<void> {
    for (let task = this.tasks.pop(); task; task = this.tasks.pop()) {
      try {
        await task.run();
      } catch (error) {
        console.error(`Clean-up step "${task.name}" failed: ${describeError(error)}`);
      }
    }
  }

  private forget(task: Task): void {
    const index = this.tasks.indexOf(task);
    if (index >= 0) this.tasks.splice(index, 1);
  }
}
