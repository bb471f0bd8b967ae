/**
 * /metrics' text must parse with a strict Prometheus text-format reader, including a sample whose
 * value is NaN (prom-client writes "Nan", which strict readers refuse; the event loop lag's mean is NaN before its first sample,
 * which made a scrape unreadable once in a full run).
 */
import { Gauge } from "prom-client";
import { describe, expect, it } from "vitest";
import { metrics, metricsText } from "@/lib/observability/metrics";
import { parsePrometheus } from "../support/prometheus";

describe("metricsText", () => {
  it("writes a NaN sample as NaN, so a strict parser reads every line", async () => {
    const m = metrics();
    const g = new Gauge({ name: "test_not_a_number", help: "a gauge with no value yet", registers: [m.registry] });
    g.set(Number.NaN);
    try {
      const text = await metricsText(m);
      expect(text).toMatch(/^test_not_a_number NaN$/m);
      expect(text).not.toMatch(/ Nan$/m);
      expect(parsePrometheus(text).test_not_a_number?.[0]?.value).toBe("NaN");
    } finally {
      m.registry.removeSingleMetric("test_not_a_number");
    }
  });
});

describe("parsePrometheus (the tests' reader of /metrics)", () => {
  it("reads counters, and histograms per label set with their count; refuses what the format does not allow", () => {
    const text = [
      "# HELP h time", "# TYPE h histogram",
      'h_bucket{method="GET",le="0.1"} 1', 'h_bucket{method="GET",le="+Inf"} 2', 'h_sum{method="GET"} 0.3', 'h_count{method="GET"} 2',
      'h_bucket{method="POST",le="0.1"} 0', 'h_bucket{method="POST",le="+Inf"} 1', 'h_sum{method="POST"} 0.5', 'h_count{method="POST"} 1',
      "# TYPE c counter", 'c{path="a \\"b\\""} 3', "",
    ].join("\n");
    const m = parsePrometheus(text);
    expect(m.h).toEqual([{ labels: { method: "GET" }, sum: "0.3", count: "2" }, { labels: { method: "POST" }, sum: "0.5", count: "1" }]);
    expect(m.c).toEqual([{ labels: { path: 'a "b"' }, value: "3" }]);
    expect(() => parsePrometheus("# TYPE g gauge\ng Nan")).toThrow(/not a Prometheus value/);
    expect(() => parsePrometheus("g 1")).toThrow(/before its family's TYPE/);
    expect(() => parsePrometheus('# TYPE g gauge\ng{a=1} 1')).toThrow(/labels/);
  });
});
