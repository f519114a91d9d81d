/**
 * Plays the part of the scheduled EventBridge rule on one machine: sends the worker the
 * sweep event at start and then every `everyMs`, one sweep at a time.
 */
export interface SweepTimer {
  stop(): Promise<void>;
}

export function startSweepTimer(options: { everyMs: number; sweep: () => Promise<unknown>; onError?: (error: unknown) => void }): SweepTimer {
  const reportError = options.onError ?? ((error) => console.error('[local] sweep:', error));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  function runNow(): void {
    running = options
      .sweep()
      .then(() => undefined, reportError)
      .finally(() => {
        if (!stopped) timer = setTimeout(runNow, options.everyMs);
      });
  }
  runNow();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
