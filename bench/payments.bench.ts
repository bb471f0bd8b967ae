/**
 * Throughput of the lib/payments codecs: PIX BR Code encode/decode and boleto
 * conversions. Inputs are 256 precomputed variants cycled through, so the
 * JIT cannot specialise on one constant input; results feed a sink so the
 * work cannot be optimised away.
 */
import type { Benchmark, BenchRow } from "./types";
import { median, percentile, throughput } from "./stats";
import {
  buildStaticBrCode,
  decodeBrCode,
  buildBoleto,
  barcodeToDigitableLine,
  parseBoleto,
  generateCpf,
  seededRng,
  type StaticBrCodeInput,
} from "../lib/payments";

const SECONDS_PER_METRIC = 2.5;
const VARIANTS = 256;

function row(metric: string, samples: number[]): BenchRow {
  return {
    metric,
    value: Math.round(median(samples)),
    unit: "ops/s",
    note: `p10 ${Math.round(percentile(samples, 10))} ops/s, ${samples.length} samples`,
  };
}

const benchmark: Benchmark = {
  name: "payments codecs",
  budgetSeconds: 20,
  async run() {
    const rng = seededRng(42);
    const brInputs: StaticBrCodeInput[] = Array.from({ length: VARIANTS }, (_, i) => ({
      pixKey: generateCpf(rng),
      merchantName: `Loja Exemplo Número ${i}`,
      merchantCity: i % 2 ? "São Paulo" : "Brasília",
      amount: `${(i * 37) % 100000}.${String(i % 100).padStart(2, "0")}`.replace(/^0\./, "1."),
      txid: `PEDIDO${i}`,
      description: "Pagamento de teste",
    }));
    const brCodes = brInputs.map(buildStaticBrCode);
    const boletos = Array.from({ length: VARIANTS }, (_, i) =>
      buildBoleto({
        bankCode: String(i % 1000).padStart(3, "0"),
        dueDate: i % 2 ? "2025-03-10" : "2026-11-30",
        amount: `${i * 13}.${String(i % 100).padStart(2, "0")}`,
        freeField: String(i).padStart(25, "7"),
      }),
    );
    const barcodes = boletos.map((b) => b.barcode);
    const lines = boletos.map((b) => b.formattedDigitableLine);

    let sink = 0;
    let k = 0;
    const next = () => (k = (k + 1) & (VARIANTS - 1));

    const encode = throughput(() => { sink += buildStaticBrCode(brInputs[next()]!).length; }, { seconds: SECONDS_PER_METRIC, batch: 2000 });
    const decode = throughput(() => { sink += decodeBrCode(brCodes[next()]!).ok ? 1 : 0; }, { seconds: SECONDS_PER_METRIC, batch: 2000 });
    const toLine = throughput(() => { const r = barcodeToDigitableLine(barcodes[next()]!); sink += r.ok ? r.value.length : 0; }, { seconds: SECONDS_PER_METRIC, batch: 5000 });
    const toFields = throughput(() => { sink += parseBoleto(lines[next()]!, { referenceDate: "2026-01-01" }).ok ? 1 : 0; }, { seconds: SECONDS_PER_METRIC, batch: 5000 });
    if (sink === 0) throw new Error("benchmark produced nothing");

    const encodeRow = row("BR Code encode (static, with amount)", encode);
    const decodeRow = row("BR Code decode (CRC + TLV + fields)", decode);
    decodeRow.ratio = { value: Number((decodeRow.value / encodeRow.value).toFixed(2)), against: "BR Code encode" };
    const toLineRow = row("boleto barcode → digitable line", toLine);
    const toFieldsRow = row("boleto digitable line → fields", toFields);
    toFieldsRow.ratio = { value: Number((toFieldsRow.value / toLineRow.value).toFixed(2)), against: "barcode → digitable line" };
    return [encodeRow, decodeRow, toLineRow, toFieldsRow];
  },
};

export default benchmark;
