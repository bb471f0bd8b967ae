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
