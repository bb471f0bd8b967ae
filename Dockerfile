# The dashboard's production image (README "Operating it" → "The container"). Not built on the
# development machines, which have no container runtime: `npm start` is the tested way to run it.
#
#   docker build -t payment-dashboard .
#   docker run -p 3000:3000 -v dashboard-data:/data payment-dashboard      # the demo, embedded database and sandbox
#   docker compose up                                                      # with PostgreSQL (compose.yaml)

# 1. Dependencies, dev ones included (the build needs them). `npm install` from the lockfile:
#    `npm ci` refuses a lockfile made where other platforms' optional packages are not served.
FROM node:20.20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# 2. The production build, then only what runs is kept (dev dependencies pruned).
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN npx next build && npm prune --omit=dev --no-audit --no-fund

# 3. What runs: the build, the sources tsx runs (scripts/, lib/, sandbox/), the pruned modules;
#    as the unprivileged `node` user, its data on a volume.
FROM node:20.20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    SKIP_BUILD=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s CMD ["node", "scripts/probe.mjs", "/healthz"]
# tsx as a loader in the program's own process: `docker stop`'s SIGTERM reaches scripts/start.ts,
# which shuts down gracefully (requests in flight answered, workers' leases handed back).
CMD ["node", "--import", "tsx", "scripts/start.ts"]
