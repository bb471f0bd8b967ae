/**
 * The order of a load and a notification, which the two-instance test against a real database
 * (test/api-context/shared-cache.test.ts) meets only by chance: here the notifications are sent by
 * hand, between the start and the end of a load.
 */
import { describe, expect, it } from "vitest";
import { SharedCache } from "./shared-cache";

/** A cache whose LISTEN channel this test speaks on. */
async function listening() {
  let send: (payload: string) => void = () => {};
  const cache = new SharedCache(async (_channel, onMessage) => {
    send = onMessage;
    return async () => {};
  });
  await cache.start();
  return { cache, notify: (payload: string) => send(payload) };
}

/** A load that finishes when told, and counts how often it ran. */
function gate<T>(value: T) {
  let open: () => void = () => {};
  const state = { loads: 0 };
  const load = () => {
    state.loads++;
    return new Promise<T>((resolve) => (open = () => resolve(value)));
  };
  return { load, state, finish: () => open() };
}

const TAG = "read:cred-1:balance";
const read = (version: string) => ({ data: [{ currency: "BRL", available: "500" }], version });
const opts = { version: (v: { version: string }) => v.version };

describe("a load and a notification heard while it ran", () => {
  it("keeps the value when the notification announced the version the load read (the write it read, heard late)", async () => {
    const { cache, notify } = await listening();
    const g = gate(read("1000"));
    const pending = cache.get(TAG, [TAG], g.load, opts);
    notify(`${TAG}:1000`);
    g.finish();
    expect(await pending).toEqual(read("1000"));
    expect(cache.peek(TAG)).toEqual(read("1000"));
  });

  it("keeps nothing when the notification announced another version (the load may have read the old row)", async () => {
    const { cache, notify } = await listening();
    const g = gate(read("1000"));
    const pending = cache.get(TAG, [TAG], g.load, opts);
    notify(`${TAG}:2000`);
    g.finish();
    await pending;
    expect(cache.peek(TAG)).toBeUndefined();
  });

  it("keeps nothing when a newer notification followed the one of the version read (the read expired meanwhile)", async () => {
    const { cache, notify } = await listening();
    const g = gate(read("1000"));
    const pending = cache.get(TAG, [TAG], g.load, opts);
    notify(`${TAG}:1000`);
    notify(`${TAG}:5`);
    g.finish();
    await pending;
    expect(cache.peek(TAG)).toBeUndefined();
  });

  it("keeps nothing when this instance expired the tag while loading", async () => {
    const { cache, notify } = await listening();
    const g = gate(read("1000"));
    const pending = cache.get(TAG, [TAG], g.load, opts);
    notify(`${TAG}:1000`);
    cache.invalidate(TAG);
    g.finish();
    await pending;
    expect(cache.peek(TAG)).toBeUndefined();
  });

  it("a plain tag's notification (a credential changed) always leaves the load unkept", async () => {
    const { cache, notify } = await listening();
    const g = gate(read("1000"));
    const pending = cache.get(TAG, [TAG, "cred:cred-1"], g.load, opts);
    notify("cred:cred-1");
    g.finish();
    await pending;
    expect(cache.peek(TAG)).toBeUndefined();
  });
});

describe("caught up with the notifications committed before (a server action's writes)", () => {
  it("resolves when its own mark comes back, not before, and the mark expires nothing kept", async () => {
    const { cache, notify } = await listening();
    await cache.get("k", ["charges:org-1"], async () => "kept");
    let sent = "";
    let done = false;
    const waiting = cache.caughtUp(async (mark) => void (sent = mark)).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toMatch(/^caught-up:/);
    expect(done).toBe(false);
    notify("caught-up:someone-else");
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    notify(sent);
    await waiting;
    expect(done).toBe(true);
    expect(cache.peek("k")).toBe("kept");
  });

  it("does not wait when nothing is listened to, nor longer than its bound", async () => {
    const idle = new SharedCache(null);
    let sent = false;
    await idle.caughtUp(async () => void (sent = true));
    expect(sent).toBe(false);
    const { cache } = await listening();
    const t0 = Date.now();
    await cache.caughtUp(async () => {}, 50);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
