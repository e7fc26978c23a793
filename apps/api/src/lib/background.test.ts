import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background';

/** A task that ends when the test says so. */
function task() {
  let end: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { promise, end };
}

describe('background tasks', () => {
  it('are idle only once every task, and those they started, has ended, failed ones too', async () => {
    const tasks = new BackgroundTasks();
    const first = task();
    const second = task();
    const late = task();
    tasks.run(first.promise.then(() => tasks.run(late.promise)));
    tasks.run(second.promise.then(() => Promise.reject(new Error('mail server down'))));
    let idle = false;
    const waiting = tasks.idle().then(() => {
      idle = true;
    });
    first.end();
    second.end();
    // Every task so far has had its turn: the late one is still running.
    await first.promise;
    await second.promise.catch(() => undefined);
    await Promise.resolve();
    expect(idle).toBe(false);
    late.end();
    await waiting;
    expect(idle).toBe(true);
  });
});
