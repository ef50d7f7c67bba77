import { startJobRunner } from './runner';
import type { JobHandler, JobRunner, JobRunnerOptions } from './runner';

/**
 * The app's jobs (`app.jobs`): feature modules register a handler per kind while the app is
 * assembled; buildApp starts the one runner once the app is ready and stops it (waiting for
 * running handlers) when the app closes, before the database goes.
 */
export interface Jobs {
  register(kind: string, handler: JobHandler): void;
  start(options: Omit<JobRunnerOptions, 'handlers'>): void;
  /** One poll now, not waiting for the timer: claims the due jobs and runs them; how many ran. */
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export function createJobs(): Jobs {
  const handlers: Record<string, JobHandler> = {};
  let runner: JobRunner | undefined;
  return {
    register(kind, handler) {
      if (handlers[kind]) throw new Error(`job kind ${kind} is registered twice`);
      handlers[kind] = handler;
    },
    start(options) {
      if (runner) throw new Error('the job runner is already running');
      runner = startJobRunner({ ...options, handlers });
    },
    runDue: async () => {
      if (!runner) throw new Error('the job runner is not running');
      return runner.runDue();
    },
    stop: async () => {
      const running = runner;
      runner = undefined;
      await running?.stop();
    },
  };
}
