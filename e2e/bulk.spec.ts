/**
 * Bulk payouts, the journey of issue 13: a 50-row CSV with 3 bad rows shows the 3 errors before
 * anything is sent; the 47 good rows are sent once each even when the dashboard is killed (SIGKILL)
 * mid-batch and started again. Checked at the sandbox, through a credential of the merchant's own.
 *
 * The demo server of playwright.config.ts keeps running for the other journeys, so this one starts a
 * dashboard and sandbox of its own (scripts/start.ts on its own port and data folder), with the bulk
 * runner slowed to 60 cash-outs a minute (BULK_CASHOUT_PER_MINUTE) so that it can be killed halfway.
 * Only the dashboard process is killed: the sandbox (the provider) keeps running, and the dashboard
 * is started again on the same data folder with SANDBOX=off, at the spec's pace (6,000 a minute).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { test, expect, type Page } from "@playwright/test";
import { SandboxControl } from "../lib/sandbox-control/client";
import { InMemoryTokenStore, PaymentApiClient } from "../lib/payment-api";
import { generateAddress } from "../lib/payments/crypto-address";
import { startNodeFlags } from "../lib/config/node-flags";

const PORT = Number(process.env.E2E_BULK_PORT ?? 3290);
// Not 4190: it is on the fetch standard's list of blocked ports, and Node's fetch refuses it.
const SANDBOX_PORT = Number(process.env.E2E_BULK_SANDBOX_PORT ?? 4192);
const BASE = `http://127.0.0.1:${PORT}`;
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const DATA_DIR = ".data/e2e-bulk";
const LOG = ".data/e2e-bulk-server.log";
const BAD_ROWS = [7, 23, 42];

/** 50 rows cycling PIX, SPEI and USDT on Tron; row 7 has a wrong CPF, row 23 a wrong CLABE check digit, row 42 an Ethereum address on Tron. */
function csv(): string {
  const lines = ["type,amount,pix_key_type,pix_key,clabe,name,coin,network,address,description"];
  for (let line = 1; line <= 50; line++) {
    const k = line % 3;
    if (k === 1) lines.push(`pix,"1,${String(line).padStart(2, "0")}",cpf,${line === 7 ? "123.456.789-00" : "529.982.247-25"},,,,,,Row ${line}`);
    else if (k === 2) lines.push(`spei,${20 + line},,,${line === 23 ? "002180001234567890" : "002180001234567896"},"López, María",,,,`);
    else lines.push(`crypto,3,,,,,USDT,tron,${line === 42 ? generateAddress("ethereum") : generateAddress("tron")},Contractor ${line}`);
  }
  return lines.join("\r\n") + "\r\n";
}

type Server = { child: ChildProcess; output: () => string };

/** scripts/start.ts as `npm start` runs it (tsx), in a process group of its own; resolves once it listens. */
async function startDashboard(extra: Record<string, string> = {}): Promise<Server> {
  const log = createWriteStream(LOG, { flags: "a" });
  let out = "";
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
    cwd: process.cwd(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      PAYMENT_API_BASE_URL: SANDBOX_URL,
      DATABASE_URL: "",
      SKIP_BUILD: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      BULK_CASHOUT_PER_MINUTE: "60",
      // npm start's Node.js flags (lib/config/node-flags.ts): tsx passes NODE_OPTIONS on to its child.
      NODE_OPTIONS: startNodeFlags().join(" "),
      ...extra,
    },
  });
  const onData = (d: Buffer) => {
    out += d.toString();
    log.write(d);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  await expect.poll(() => (child.exitCode === null ? /Dashboard:\s+http/.test(out) : "exited: " + out.slice(-500)), { timeout: 120_000, intervals: [250] }).toBe(true);
  return { child, output: () => out };
}

/** The dashboard itself: tsx runs scripts/start.ts in a child process of its own. */
function dashboardPid(tsx: ChildProcess): number {
  const children = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(tsx.pid)], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes("scripts/start.ts"));
  expect(children).toHaveLength(1);
  return Number(children[0]!.trim().split(/\s+/)[0]);
}

async function sentOnPage(page: Page): Promise<number> {
  return Number(await page.getByTestId("bulk-progress").getAttribute("data-sent"));
}

test("a 50-row CSV with 3 bad rows: the 3 errors shown, the 47 others sent once each across a kill and a restart", async ({ browser }) => {
  test.setTimeout(300_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const groups: number[] = [];
  try {
    const first = await startDashboard();
    groups.push(first.child.pid!);
    // The banner's lines are log lines of their own: the sign-in may follow the address a moment later.
    const signIn = () => /Sign in:\s+admin@demo\.test\s+\/\s+(\S+)/.exec(first.output())?.[1];
    await expect.poll(signIn, { timeout: 10_000 }).toBeTruthy();
    const password = signIn()!;

    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel(/e-mail/i).fill("admin@demo.test");
    await page.getByLabel(/password/i).fill(password);
    await page.getByRole("button", { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/overview$/);

    // The merchant's own integration: a second credential of the demo's sandbox account.
    await page.goto("/settings/credentials");
    const username = (await page.getByText(/^demo-[0-9a-f]+$/).first().textContent())!.trim();
    const secrets = JSON.parse(readFileSync(path.join(DATA_DIR, "secrets.json"), "utf8")) as Record<string, string>;
    const control = new SandboxControl(SANDBOX_URL, secrets.SANDBOX_ADMIN_TOKEN!);
    const { credential } = await control.createCredential({ username });
    await control.activate(credential.client_id);
    const api = new PaymentApiClient({ baseUrl: SANDBOX_URL, clientId: credential.client_id, clientSecret: credential.client_secret, signingKey: credential.signing_key, tokenStore: new InMemoryTokenStore() });
    const atSandbox = async (externalId: string) => (await api.transactions.list({ external_id: externalId })).items.length;

    // Upload: the file dropped on the drop zone; every row checked, the 3 bad ones shown with their
    // errors, the totals per currency exact, nothing sent yet.
    await page.goto("/send/bulk");
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "payouts-march.csv", { type: "text/csv" }));
      return transfer;
    }, csv());
    await page.getByTestId("bulk-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
    const preview = page.getByTestId("bulk-preview");
    await expect(preview.getByTestId("bulk-summary")).toHaveText("47 payouts ready · 3 rows with errors");
    // 16 PIX rows of 1.01 … 1.49 (not row 7), 16 SPEI rows of 22 … 70 (not row 23), 15 of 3 USDT (not row 42).
    await expect(preview.getByTestId("bulk-total")).toHaveText(["BRL · 16 payoutsR$20.18", "MXN · 16 payoutsMX$739.00", "USDT · 15 payouts45.00 USDT"]);
    await expect(preview.getByTestId("bulk-row")).toHaveCount(50);
    await expect(preview.locator('[data-testid="bulk-row"][data-line="1"]')).toContainText("CPF 529.982.247-25");
    const bad = preview.locator('[data-testid="bulk-row"][data-invalid]');
    await expect(bad).toHaveCount(3);
    expect(await bad.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-line"))))).toEqual(BAD_ROWS);
    await expect(bad.nth(0)).toContainText("pix_key: This is not a valid CPF.");
    await expect(bad.nth(1)).toContainText("clabe: This CLABE's check digit is wrong");
    await expect(bad.nth(2)).toContainText("address: This address is for another network");

    await preview.getByRole("button", { name: "Send 47 payouts (3 rows skipped)" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("The 3 rows with errors are skipped and never sent.");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page).toHaveURL(/\/send\/bulk\/[0-9a-f-]{36}$/);
    const batchUrl = page.url();
    const rows = page.getByTestId("bulk-batch-row");
    await expect(rows).toHaveCount(47);
    const externalIds = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-external-id")!));
    const reference = externalIds[0]!.replace(/-1$/, "");
    expect(externalIds).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1)
        .filter((l) => !BAD_ROWS.includes(l))
        .map((l) => `${reference}-${l}`),
    );

    // Kill the dashboard (SIGKILL, no goodbye) once some rows are out and most are not.
    await expect.poll(async () => (await page.reload(), sentOnPage(page)), { timeout: 60_000, intervals: [1_000] }).toBeGreaterThanOrEqual(8);
    const exited = new Promise((r) => first.child.once("exit", r));
    process.kill(dashboardPid(first.child), "SIGKILL");
    await exited; // tsx follows its child (137); the sandbox, in the same group, keeps running
    let outBefore = 0;
    for (const id of externalIds) outBefore += await atSandbox(id);
    expect(outBefore).toBeGreaterThanOrEqual(8);
    expect(outBefore).toBeLessThan(47);
    test.info().annotations.push({ type: "killed mid-batch", description: `${outBefore} of 47 rows at the sandbox when the dashboard was killed` });

    // Started again on the same data folder (the sandbox kept running): the batch resumes.
    // At the spec's own pace now (the slowing was only there to kill the first one halfway).
    const second = await startDashboard({ SANDBOX: "off", BULK_CASHOUT_PER_MINUTE: "6000" });
    groups.push(second.child.pid!);
    await page.goto(batchUrl);
    await expect
      .poll(async () => (await page.reload(), page.getByTestId("bulk-batch-state").textContent()), { timeout: 150_000, intervals: [2_000] })
      .toBe("Done");
    expect(await sentOnPage(page)).toBe(47);

    // At the sandbox: each good row exactly once, the bad rows never.
    const counts: number[] = [];
    for (const id of externalIds) counts.push(await atSandbox(id));
    expect(counts).toEqual(Array(47).fill(1));
    for (const line of BAD_ROWS) expect(await atSandbox(`${reference}-${line}`)).toBe(0);

    // The results file: 50 rows, the skipped ones with their errors.
    const res = await page.request.get(`/api/payout-batches/${batchUrl.split("/").pop()}/results`);
    expect(res.status()).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(51);
    expect(lines.filter((l) => l.includes(",sent,"))).toHaveLength(47);
    expect(lines.filter((l) => l.includes(",skipped,"))).toHaveLength(3);
    await context.close();
  } finally {
    for (const pid of groups.reverse()) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
});
