// Durable background work (docs/decisions/020-job-queue.md): pg-boss on the app's own database, PostgreSQL or
// PGlite alike. A job is a row; it survives a restart or a crash, runs once however many processes poll, and is
// retried when its handler throws or its process dies mid-run (an active job is given up after
// JOB_EXPIRE_SECONDS). Handlers must therefore be idempotent: a mail is sent with `mailer.sendOnce(key, ...)`.
//
// A module names its jobs when its service is built (`jobs.define(name, handler)`), sends them from a request
// (`jobs.send(name, data)`, or `jobs.send(name, data, { tx })` inside a transaction, so the job exists exactly
// when the write does), and may give a cron schedule (`jobs.schedule`). The app starts the queue when it is
// ready and stops it (waiting for running jobs) when it closes.
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** How pg-boss reaches the database: the app's own pool or embedded database (db/client.ts). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A drizzle transaction (or database): what `send` writes a job through when it must commit with a write. */
interface Executes {
  execute(query: SQL): Promise<unknown>;
}

export interface JobMeta {
  id: string;
  /** 0 on the first run; a retry after a failure or a crash counts up. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobMeta) => Promise<void>;

export interface SendOptions {
  /** Not before this moment (to the second: workers poll every JOB_POLL_MS). */
  startAfter?: Date;
  /** Write the job in this transaction: it exists if and only if the transaction commits. */
  tx?: Executes;
}

export interface Jobs {
  /** Names a job and who runs it; call while the services are built, before the app is ready. */
  define<T extends object>(name: string, handler: JobHandler<T>): void;
  /** Queues `name` on a cron schedule (the server's time zone); one process queues it however many run. */
  schedule(name: string, cron: string, data?: object): void;
  /** Queues a job of a defined name; answers its id. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  start(): Promise<void>;
  /** Stops fetching, waits up to `timeoutMs` (5 s) for running jobs (a job cut off is retried by the next process). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobSettings {
  /** How often each worker asks for due jobs, in ms (pg-boss's minimum is 500). */
  pollMs: number;
  /** An active job not finished after this long (its process died, or it hangs) is failed and retried. */
  expireSeconds: number;
  /** This process only queues jobs (a command-line tool): it runs none, keeps no schedule and does no maintenance. */
  queueOnly?: boolean;
}

/** pg-boss sends positional parameters ($1...); drizzle's `sql` numbers its own. */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    // drizzle leaves an undefined value out of the statement: pg-boss means SQL null by it.
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks);
}

function txExecutor(tx: Executes): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(positionalSql(text, values))) as { rows?: unknown[] } | unknown[];
      return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
    },
  };
}

/** A failed job is retried 8 times, 2 s after the first failure and twice as long after each next (about 8 minutes in all). */
const RETRY = { retryLimit: 8, retryDelay: 2, retryBackoff: true } as const;

/** A queue's pause after a job, in multiples of the job's run time (4: a queue busy at most a fifth of the time). */
const JOB_PACE = 4;

export function createJobs(executor: SqlExecutor, settings: JobSettings, log: FastifyBaseLogger): Jobs {
  const pollingIntervalSeconds = Math.max(500, settings.pollMs) / 1000;
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: 'pgboss',
    // A crashed process's active jobs are found and retried by this sweep; a shorter expiry needs it as often.
    maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(settings.expireSeconds / 2))),
    cronWorkerIntervalSeconds: 5,
    expireInSeconds: settings.expireSeconds,
    // Finished jobs are kept a week for a look at what ran, then deleted.
    retentionDays: 7,
    deleteAfterDays: 7,
    ...(settings.queueOnly ? { supervise: false, schedule: false } : {}),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const handlers = new Map<string, JobHandler<object>>();
  const schedules: { name: string; cron: string; data?: object }[] = [];
  let starting: Promise<void> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function run(name: string, jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
    const handler = handlers.get(name)!;
    for (const job of jobs) {
      try {
        await handler(job.data, { id: job.id, retryCount: job.retryCount });
      } catch (error) {
        log.warn({ err: error, job: name, id: job.id, retry: job.retryCount }, 'job failed; it will be retried');
        throw error;
      }
    }
  }

  /**
   * Creates a job's queue (a partition of pgboss.job) unless it exists. Processes started together create the same
   * queues at once, and PostgreSQL may pick one of them as a deadlock's victim: that one tries again.
   */
  async function createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(name)) return;
        await boss.createQueue(name, { name, ...RETRY, expireInSeconds: settings.expireSeconds });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  async function startOnce(): Promise<void> {
    await boss.start();
    for (const name of handlers.keys()) await createQueue(name);
    if (settings.queueOnly) return;
    for (const { name, cron, data } of schedules) {
      await boss.schedule(name, cron, data ?? {}, { tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    }
    for (const name of handlers.keys()) {
      // pg-boss waits the polling interval after every fetch, even one that found a job: a queue would then drain at
      // one job per interval, and a burst (a seller listing 200 pieces, 100,000 searches' first alerts) would wait
      // minutes. After a job, the next is fetched once JOB_PACE times the job's own run time has passed (within the
      // interval): cheap jobs drain at once, and a queue of heavy ones keeps to about a fifth of the time, leaving
      // the rest to the requests. An empty fetch waits the interval.
      let workerId = '';
      workerId = await boss.work<object>(name, { pollingIntervalSeconds, includeMetadata: true, batchSize: 1 }, async (jobs) => {
        const started = performance.now();
        try {
          await run(name, jobs);
        } finally {
          const pause = (performance.now() - started) * JOB_PACE;
          if (jobs.length > 0 && workerId && pause < pollingIntervalSeconds * 1000) {
            const id = workerId;
            setTimeout(() => boss.notifyWorker(id), pause).unref();
          }
        }
      });
    }
  }

  return {
    define(name, handler) {
      if (starting) throw new Error(`job ${name} defined after the queue started`);
      if (handlers.has(name)) throw new Error(`job ${name} defined twice`);
      handlers.set(name, handler as JobHandler<object>);
    },

    schedule(name, cron, data) {
      if (starting) throw new Error(`schedule ${name} given after the queue started`);
      schedules.push({ name, cron, data });
    },

    async send(name, data, options = {}) {
      if (!handlers.has(name)) throw new Error(`job ${name} is not defined`);
      await (starting ??= startOnce());
      const id = await boss.send(name, data, {
        ...RETRY,
        expireInSeconds: settings.expireSeconds,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.tx ? { db: txExecutor(options.tx) as PgBoss.Db } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },

    /**
     * Starts working. A database that cannot be reached does not stop the app's start (its requests answer 503 until
     * it is back): the queue logs it and tries again every 5 s until it starts or is stopped.
     */
    async start() {
      if (stopped) return;
      try {
        await (starting ??= startOnce());
      } catch (error) {
        starting = undefined;
        log.warn({ err: error }, 'job queue not started: the database cannot be reached; trying again in 5 s');
        retry = setTimeout(() => void this.start(), 5000);
        retry.unref();
      }
    },

    async stop(timeoutMs = 5000) {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (!starting) return;
      await starting.catch(() => {});
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
