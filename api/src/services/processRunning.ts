/**
 * Whether a process of this machine still runs: signal 0 checks without sending anything (EPERM:
 * it runs, as another user). Used to tell the leftovers of ended processes (upload folders, test
 * port claims) from those of running ones.
 */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
