/** Small statistics helpers shared by the benchmarks. */
export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

/**
 * Runs `fn` in batches until `seconds` have passed (at least `minSamples`
 * batches) and returns operations per second of each batch.
 */
export function throughput(fn: () => void, opts: { seconds?: number; batch?: number; minSamples?: number } = {}): number[] {
  const seconds = opts.seconds ?? 2;
  const batch = opts.batch ?? 1000;
  const minSamples = opts.minSamples ?? 5;
  const samples: number[] = [];
  for (let i = 0; i < batch; i++) fn(); // warm-up
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end || samples.length < minSamples) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    const dt = performance.now() - t0;
    samples.push((batch / dt) * 1000);
  }
  return samples;
}
