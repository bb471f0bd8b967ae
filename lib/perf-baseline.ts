/**
 * For the benchmarks' "before" only (bench/dashboard.bench.ts, bench/cluster.bench.ts): with
 * `PERF_BASELINE=1` an instance runs without what issue 31 added to make pages lighter, so that one
 * run can measure both side by side on the same machine: no facts kept in process (every call reads
 * its credential and its shared read from the database, and takes its rate slot in one statement),
 * and the whole dictionary in every page's flight data instead of each route's parts. What changed
 * in the markup itself (short classes, one tab of Account) is not undone.
 */
export function perfBaseline(): boolean {
  return process.env.PERF_BASELINE === "1";
}
