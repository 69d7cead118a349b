/** A job run now and then in this process (see `createPeriodicJob`). */
export interface PeriodicJob<T> {
  /** The first run starts `firstDelayMs` after this, then one every `intervalMs` after each end. */
  start(): void;
  /** No run starts after this; resolves when the one running (if any) has finished. */
  stop(): Promise<void>;
  /** One run now (or the one already running); never throws. */
  run(): Promise<T>;
}

export interface PeriodicJobOptions<T> {
  /** The work; what it throws goes to `failed`, whose answer is the run's result. */
  work: () => Promise<T>;
  failed: (error: unknown) => T;
  intervalMs: number;
  firstDelayMs: number;
}

/**
 * Runs `work` one at a time, on a timer that is unref'd (it never keeps the process alive). Used
 * by the background sweepers, which every process may run: their work is safe side by side.
 */
export function createPeriodicJob<T>(options: PeriodicJobOptions<T>): PeriodicJob<T> {
  const { work, failed, intervalMs, firstDelayMs } = options;
  let state: 'new' | 'started' | 'stopped' = 'new';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<T> | undefined;

  function run(): Promise<T> {
    running ??= (async () => {
      try {
        return await work();
      } catch (error) {
        return failed(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule(delayMs: number): void {
    if (state !== 'started') return;
    timer = setTimeout(() => {
      timer = undefined;
      void run().then(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (state !== 'new') return;
      state = 'started';
      schedule(firstDelayMs);
    },
    async stop() {
      state = 'stopped';
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
    run,
  };
}
