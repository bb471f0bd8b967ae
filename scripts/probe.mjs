// `node scripts/probe.mjs /healthz` (or /readyz): exits 0 when this machine's dashboard answers 200,
// else 1. For a container's HEALTHCHECK or an exec probe, where no curl is installed.
const path = process.argv[2] ?? "/healthz";
const port = process.env.PORT ?? "3000";
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) }).then(
  (r) => process.exit(r.ok ? 0 : 1),
  () => process.exit(1),
);
