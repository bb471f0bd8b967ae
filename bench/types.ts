/**
 * A benchmark is a module in bench/ named `*.bench.ts` whose default export
 * follows this shape. `npm run bench` imports each one, runs it (each has its
 * own time budget), prints its rows as it goes and a summary table at the end.
 */
export type BenchRow = {
  /** what is measured, e.g. "BR Code encode" */
  metric: string;
  /** the median of the samples (or a single figure where a median is not meaningful) */
  value: number;
  unit: string;
  /** optional ratio against a baseline, with what it is relative to */
  ratio?: { value: number; against: string };
  /** optional free text: p99, sample count, ... */
  note?: string;
};

export type Benchmark = {
  name: string;
  /** upper bound in seconds the runner allows for this benchmark */
  budgetSeconds: number;
  run(): Promise<BenchRow[]>;
};
