/**
 * Reads a /metrics answer as the Prometheus text exposition format (0.0.4), strictly: every line
 * is a comment, a HELP/TYPE line or a sample of the family its TYPE declared, label values are
 * quoted with the format's escapes, and every value follows the format's float grammar (a number,
 * NaN, +Inf or -Inf). A line it cannot read throws, so a malformed scrape fails the test instead of
 * reading as 0. (Written here: prom2javascript refuses NaN, parse-prometheus-text-format keeps one
 * label set per histogram.)
 *
 * A family's samples: counters and gauges give `value`; histograms and summaries give one sample
 * per label set (without `le`/`quantile`) with `count` and `sum`.
 */
export type Sample = { labels: Record<string, string>; value?: string; count?: string; sum?: string };
export type PromMetrics = Record<string, Sample[]>;

const FLOAT = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|NaN|[+-]Inf)$/;
const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+(-?\\d+))?$`);
const LABEL = new RegExp(`^\\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\]|\\\\[\\\\"n])*)"\\s*(,|$)`);
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.trim() !== "") {
    const m = LABEL.exec(rest);
    if (!m) throw new Error(`cannot read the labels of: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

export function parsePrometheus(text: string): PromMetrics {
  const out: PromMetrics = {};
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const meta = new RegExp(`^#\\s+(HELP|TYPE)\\s+(${NAME})(?:\\s+(.*))?$`).exec(line);
      if (meta?.[1] === "TYPE") {
        if (!TYPES.has(meta[3] ?? "")) throw new Error(`unknown metric type: ${line}`);
        types.set(meta[2]!, meta[3]!);
        out[meta[2]!] ??= [];
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`cannot read the sample: ${line}`);
    const [, name, labelText, value] = m as unknown as [string, string, string | undefined, string];
    if (!FLOAT.test(value)) throw new Error(`"${value}" is not a Prometheus value: ${line}`);
    const labels = labelsOf(labelText ?? "", line);
    const suffix = /_(bucket|sum|count)$/.exec(name);
    const family = suffix && ["histogram", "summary"].includes(types.get(name.slice(0, -suffix[0].length)) ?? "") ? name.slice(0, -suffix[0].length) : name;
    const type = types.get(family);
    if (!type) throw new Error(`a sample before its family's TYPE: ${line}`);
    const samples = (out[family] ??= []);
    if (type !== "histogram" && type !== "summary") {
      samples.push({ labels, value });
      continue;
    }
    const { le: _le, quantile: _q, ...own } = labels;
    const key = JSON.stringify(Object.entries(own).sort());
    let s = samples.find((x) => JSON.stringify(Object.entries(x.labels).sort()) === key);
    if (!s) samples.push((s = { labels: own }));
    if (suffix?.[1] === "count") s.count = value;
    else if (suffix?.[1] === "sum") s.sum = value;
    else if (suffix?.[1] === "bucket" && !("le" in labels)) throw new Error(`a bucket without le: ${line}`);
  }
  return out;
}
