/**
 * Work a request starts and does not wait for (a login alert's e-mail). The app waits for it when it
 * closes, before the database goes, and a test waits for it instead of guessing how long it takes.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  /** Lets `task` run on; it must handle its own errors (a rejection here is only dropped). */
  run(task: Promise<unknown>): void {
    const tracked = task.catch(() => undefined).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves once every task started so far, and any that those started, has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
