/**
 * Identical reads that arrive in the same turn of the event loop share one computation. A read is joinable only
 * until the check phase of the turn it was asked in: then it leaves the table and runs. So every caller that shares
 * it asked before it began, and its answer is one a read of their own, begun when they asked, could have given (a
 * write the caller saw committed is in it). Nothing is kept after: this is not a cache.
 */
export function sharedReads<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const open = new Map<string, Promise<T>>();
  return (key, read) => {
    const joined = open.get(key);
    if (joined) return joined;
    const flight = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      open.delete(key);
      return read();
    });
    open.set(key, flight);
    return flight;
  };
}
