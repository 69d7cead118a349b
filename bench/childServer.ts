/**
 * A helper server of the bench (bench/bareServer.ts, bench/scriptStripProxy.ts) in a child process
 * of its own, so that it does not share the bench's event loop with the load generator or with
 * Lighthouse. The script prints `listening <port> [<port> …]` once it is ready.
 */
import { spawn } from 'node:child_process';
import { root, stopChild } from './productionServer';

export interface ChildServer {
  /** The ports the script printed, in its order. */
  ports: number[];
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script> …args` from the project root; waits up to 30 s. */
export async function startChildServer(script: string, args: string[]): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    const ports = await new Promise<number[]>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`${script} did not start:\n${output}`)),
        30_000,
      );
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening((?: \d+)+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          done((match[1] ?? '').trim().split(' ').map(Number));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`${script} exited (${String(code)}):\n${output}`));
      });
    });
    return { ports, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
