// The two statements of pg-boss 10.4.2's src/plans.js that db/job-queue.ts recognises (the package types only its
// public class): the text its Manager sends to mark jobs completed, and to mark them failed by id.
declare module 'pg-boss/src/plans.js' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
