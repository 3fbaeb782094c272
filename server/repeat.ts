/** Runs `task` now and every `intervalMs`, one run at a time; `stop` waits for the current one. */
export function repeat(task: () => Promise<void>, intervalMs: number) {
  let last = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (!stopped) last = last.then(task);
    return last;
  };
  const timer = setInterval(run, intervalMs).unref();
  run();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await last;
    },
  };
}
