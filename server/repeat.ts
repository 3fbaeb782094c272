/**
 * Runs `task` now and every `intervalMs`, one run at a time: a run asked for during one follows
 * it. The timer never keeps a stopping process alive; `stop` waits for the run in progress.
 */
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
