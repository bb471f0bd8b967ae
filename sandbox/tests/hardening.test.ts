/**
 * The sandbox holds up against a credential holder's bad requests (issue "The door to the money",
 * Sandbox): a huge chunked body is refused while it streams, a page far past any data is an empty
 * page, and the control API's token must be long.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../server";
import { BACKENDS, newClient, startSandbox, type Client, type TestSandbox } from "./helpers";
import { patient } from "@/test/support/patience";

for (const backend of BACKENDS) {
  describe(`hardening [${backend.name}]`, () => {
    let sb: TestSandbox;
    let c: Client;
    beforeAll(async () => {
      sb = await startSandbox(backend);
      c = await newClient(sb.api);
    }, patient(60_000));
    afterAll(async () => sb?.dispose());

    it("refuses a 64 MB chunked body with 4xx long before reading it all, and keeps serving", async () => {
      const started = performance.now();
      const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
        const url = new URL("/v2/transactions/cashin", sb.url);
        const req = http.request(url, { method: "POST", headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json", "transfer-encoding": "chunked" } });
        let sent = 0;
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        req.on("response", (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, sent });
          req.destroy();
        });
        req.on("error", (e) => (sent > 0 ? undefined : reject(e)));
        const pump = () => {
          while (sent < 64 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return req.once("drain", pump);
          }
          req.end();
        };
        pump();
      });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(sent).toBeLessThan(64 * 1024 * 1024);
      expect(performance.now() - started).toBeLessThan(10_000);
      const ok = await c.post("/v2/account/transactions/list", { page_size: 1 });
      expect(ok.status).toBe(200);
    });

    it("answers a page of 10^12 with an empty page, for transactions and infractions", async () => {
      const tx = await c.post<{ items: unknown[]; has_next: boolean }>("/v2/account/transactions/list", { page: 1e12, page_size: 100 });
      expect(tx.status).toBe(200);
      expect(tx.body.data).toMatchObject({ items: [], has_next: false, has_prev: true });
      const inf = await c.get<{ items: unknown[] }>("/v2/account/infractions?page=1000000000000&page_size=100");
      expect(inf.status).toBe(200);
      expect(inf.body.data.items).toEqual([]);
    });
  });
}

describe("the control API's token", () => {
  it("must be at least 32 characters", async () => {
    await expect(createSandbox({ port: 0, host: "127.0.0.1", adminToken: "short-token" })).rejects.toThrow(/at least 32 characters/);
  });
});
