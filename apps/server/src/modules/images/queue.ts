// Decodes are the expensive part of an upload. They run a few at a time, and waiting uploads take turns
// by user: one user's twelve 40-megapixel files never hold up everyone else's small one.

export interface FairQueue {
  /** Runs `job` when a slot is free and it is `key`'s turn: at most `maxActive` jobs at once, one per key. */
  run<T>(key: string, job: () => Promise<T>): Promise<T>;
  /** Jobs waiting for a slot, for one key or all. */
  waiting(key?: string): number;
  active(): number;
}

export function createFairQueue(maxActive: number): FairQueue {
  let active = 0;
  const busy = new Set<string>();
  // Map order is the turn order: a key that has just started a job goes to the back.
  const queues = new Map<string, (() => void)[]>();

  function pump(): void {
    while (active < maxActive) {
      let next: [string, (() => void)[]] | undefined;
      for (const entry of queues) {
        if (!busy.has(entry[0])) {
          next = entry;
          break;
        }
      }
      if (!next) return;
      const [key, queue] = next;
      const start = queue.shift()!;
      queues.delete(key);
      if (queue.length > 0) queues.set(key, queue);
      active += 1;
      busy.add(key);
      start();
    }
  }

  return {
    async run<T>(key: string, job: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        const queue = queues.get(key);
        if (queue) queue.push(resolve);
        else queues.set(key, [resolve]);
        pump();
      });
      try {
        return await job();
      } finally {
        active -= 1;
        busy.delete(key);
        pump();
      }
    },
    waiting: (key?: string) =>
      key === undefined ? [...queues.values()].reduce((n, q) => n + q.length, 0) : (queues.get(key)?.length ?? 0),
    active: () => active,
  };
}
