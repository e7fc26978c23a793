import { type ChildProcess, spawn } from 'node:child_process';

// Tests that start API processes (or scripts) of their own and read what those print.

const apiRoot = new URL('..', import.meta.url).pathname;

/** Starts `node --import tsx <args>` in apps/api with only PATH and `env` in its environment. */
export function runTsx(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface ChildOutput {
  /** Everything printed so far, standard output and error together. */
  text(): string;
  /** Waits for a pattern; fails as soon as the process exits without printing it. */
  until(pattern: RegExp): Promise<RegExpMatchArray>;
  /** The exit code, once the process is gone and its output read (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Reads what a child process prints, from now on. */
export function output(child: ChildProcess): ChildOutput {
  let text = '';
  let exitedWith: string | undefined;
  const waiters: {
    pattern: RegExp;
    resolve: (m: RegExpMatchArray) => void;
    reject: (error: Error) => void;
  }[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const w of [...waiters]) {
      const match = text.match(w.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(match);
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // 'close' comes after the last output, so a match printed just before exiting is still seen.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code, signal) => {
      exitedWith = `the process exited (code ${code}, signal ${signal})`;
      for (const w of waiters.splice(0))
        w.reject(new Error(`${exitedWith} before printing ${w.pattern}:\n${text}`));
      resolve(code);
    }),
  );
  return {
    text: () => text,
    exited,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        const match = text.match(pattern);
        if (match) resolve(match);
        else if (exitedWith) reject(new Error(`${exitedWith} before printing ${pattern}:\n${text}`));
        else waiters.push({ pattern, resolve, reject });
      }),
  };
}
