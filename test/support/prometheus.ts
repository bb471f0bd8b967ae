/**
 * Reads a /metrics answer as the Prometheus text exposition format (parse-prometheus-text-format,
 * which throws on a line it cannot read) and checks every sample's value against the format's float
 * grammar (a number, NaN, +Inf or -Inf), so a malformed value fails the test instead of reading as 0.
 */
// @ts-expect-error: the package ships no type declarations; its shape is declared below.
import parsePrometheusTextFormat from "parse-prometheus-text-format";

export type Sample = { labels: Record<string, string>; value?: string; count?: string };
type Family = { name: string; type: string; metrics: Array<Sample & { buckets?: Record<string, string>; sum?: string }> };
export type PromMetrics = Record<string, Sample[]>;

const FLOAT = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|NaN|[+-]Inf)$/;

export function parsePrometheus(text: string): PromMetrics {
  const families = (parsePrometheusTextFormat as (t: string) => Family[])(text);
  const out: PromMetrics = {};
  for (const f of families) {
    for (const s of f.metrics) {
      for (const v of [s.value, s.count, s.sum, ...Object.values(s.buckets ?? {})]) {
        if (v !== undefined && !FLOAT.test(v)) throw new Error(`${f.name}: "${v}" is not a Prometheus value`);
      }
    }
    out[f.name] = f.metrics.map((s) => ({ labels: s.labels ?? {}, value: s.value, count: s.count }));
  }
  return out;
}
