/**
 * Runs `task` now and every `intervalMs`, one run at a time; `first` is the first run, `stop`
 * waits for the current one. A run that fails does not stop the next: the task reports its own
 * failures.
 */
export function repeat(task: () => Promise<void>, intervalMs: number) {
  let last = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (!stopped) last = last.then(task).catch(() => {});
    return last;
  };
  const timer = setInterval(run, intervalMs).unref();
  const first = run();
  return {
    first,
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await last;
    },
  };
}
