/** The slice of autocannon's programmatic API that bench/sandbox.bench.ts uses (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; p99_9: number };
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: { method?: string; path?: string; setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest }[];
  };
  type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(opts: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
