import { PAYOUT_UTC_OFFSET_HOURS } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';

/**
 * A job run once a day at a Hong Kong time, or every few minutes, whose work is idempotent (a second run finds
 * nothing left to do).
 */
export interface ScheduledJob {
  name: string;
  schedule: { hour: number; minute: number } | { everyMinutes: number };
  run(): Promise<unknown>;
}

const cronOf = (schedule: ScheduledJob['schedule']) =>
  'everyMinutes' in schedule ? `*/${schedule.everyMinutes} * * * *` : `${schedule.minute} ${schedule.hour} * * *`;

/** Milliseconds from `now` to the job's next run. */
function msUntilRun(now: Date, schedule: ScheduledJob['schedule']): number {
  return 'everyMinutes' in schedule ? schedule.everyMinutes * 60_000 : msUntilNext(now, schedule.hour, schedule.minute);
}

export interface Jobs {
  readonly engine: 'pg-boss' | 'timer';
  stop(): Promise<void>;
}

/** Milliseconds from `now` to the next `hour:minute` in Hong Kong time. */
export function msUntilNext(now: Date, hour: number, minute: number): number {
  const offset = PAYOUT_UTC_OFFSET_HOURS * 3_600_000;
  const local = new Date(now.getTime() + offset);
  const next = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour, minute) - offset;
  return next > now.getTime() ? next - now.getTime() : next + 86_400_000 - now.getTime();
}

/**
 * The scheduled jobs on PostgreSQL: pg-boss keeps the schedule in the database (cron, in Hong Kong time) and hands
 * each scheduled run to one worker across every node (it fetches with `FOR UPDATE SKIP LOCKED`), retrying a run
 * whose process died. Chosen over graphile-worker for its cron with a time zone and its single-table queues
 * without a separate migration tool; it speaks through `pg`, which the portal uses already.
 */
export async function startPgBossJobs(connectionString: string, jobs: ScheduledJob[], log: FastifyBaseLogger) {
  const boss = new PgBoss({ connectionString, max: 2, application_name: 'portal-jobs', schema: 'pgboss' });
  boss.on('error', (err) => log.warn({ err }, 'job engine error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, cronOf(job.schedule), null, { tz: 'Asia/Hong_Kong' });
    await boss.work(job.name, async () => {
      await job.run();
    });
  }
  return {
    engine: 'pg-boss',
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  } satisfies Jobs;
}

/** The scheduled jobs on PGlite, one process's database: a timer per job, over the same job functions. */
export function startTimerJobs(jobs: ScheduledJob[], log: FastifyBaseLogger, now: () => Date = () => new Date()): Jobs {
  const timers = new Map<string, NodeJS.Timeout>();
  const plan = (job: ScheduledJob) => {
    const timer = setTimeout(
      () => {
        job
          .run()
          .catch((err: unknown) => log.error({ err, job: job.name }, 'scheduled job failed'))
          .finally(() => plan(job));
      },
      msUntilRun(now(), job.schedule),
    );
    timer.unref();
    timers.set(job.name, timer);
  };
  for (const job of jobs) plan(job);
  return {
    engine: 'timer',
    stop: async () => {
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
