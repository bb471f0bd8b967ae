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

/**
 * A load of version 1000 under `tags`, during which `meanwhile` runs (notifications, an expiry);
 * answers what the load returned and what the cache keeps after it.
 */
async function loadWhile(meanwhile: (c: { cache: SharedCache; notify: (payload: string) => void }) => void, tags = [TAG]) {
  const { cache, notify } = await listening();
  const g = gate(read("1000"));
  const pending = cache.get(TAG, tags, g.load, opts);
  meanwhile({ cache, notify });
  g.finish();
  return { value: await pending, kept: cache.peek(TAG) };
}

describe("a load and a notification heard while it ran", () => {
  it("keeps the value when the notification announced the version the load read (the write it read, heard late)", async () => {
    const { value, kept } = await loadWhile(({ notify }) => notify(`${TAG}:1000`));
    expect(value).toEqual(read("1000"));
    expect(kept).toEqual(read("1000"));
  });

  it("keeps nothing when the notification announced another version (the load may have read the old row)", async () => {
    expect((await loadWhile(({ notify }) => notify(`${TAG}:2000`))).kept).toBeUndefined();
  });

  it("keeps nothing when a newer notification followed the one of the version read (the read expired meanwhile)", async () => {
    const { kept } = await loadWhile(({ notify }) => {
      notify(`${TAG}:1000`);
      notify(`${TAG}:5`);
    });
    expect(kept).toBeUndefined();
  });

  it("keeps nothing when this instance expired the tag while loading", async () => {
    const { kept } = await loadWhile(({ cache, notify }) => {
      notify(`${TAG}:1000`);
      cache.invalidate(TAG);
    });
    expect(kept).toBeUndefined();
  });

  it("a plain tag's notification (a credential changed) always leaves the load unkept", async () => {
    expect((await loadWhile(({ notify }) => notify("cred:cred-1"), [TAG, "cred:cred-1"])).kept).toBeUndefined();
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
