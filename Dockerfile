# The reference image: one image for every process (`npm start`, the API; `npm run worker`;
# `npm run migrate`). Built with the dev dependencies, run without them and without a compiler.
# Node 22 or 24, the LTS releases: `docker build --build-arg NODE_VERSION=24 .`
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so the install stays cached until they change. No install scripts:
# `prepare` would build sources not copied yet, and the build needs none (its native tools come
# prebuilt in optional packages; better-sqlite3 is not loaded).
COPY package.json package-lock.json ./
COPY packages/tracer/package.json packages/tracer/
COPY packages/contract/package.json packages/contract/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies, installed beside the built tree. better-sqlite3 compiles from source
# where no prebuilt binary matches the platform: the compiler is here, and the runtime stage
# copies the result, so no compiler reaches the image's layers.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/scripts/prepare.mjs scripts/
COPY --from=build /app/packages/tracer/package.json packages/tracer/
COPY --from=build /app/packages/tracer/dist packages/tracer/dist
COPY --from=build /app/packages/tracer/bin packages/tracer/bin
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
# npm ci checks the lockfile against every workspace's manifest, even those it does not install.
COPY --from=build /app/packages/client/package.json packages/client/
COPY --from=build /app/bench/package.json bench/
# The server's dependencies only (the web app is served built; the benchmark does not run here).
# `prepare` finds no TypeScript and checks that the built tree is there.
RUN npm ci --omit=dev --workspace apps/server --include-workspace-root --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
# The scripts `exec` node (package.json), so `docker stop`'s SIGTERM reaches the server through
# npm and it drains. No update check on every start.
ENV npm_config_update_notifier=false
# Owned by root, so the server cannot change its own code; only data/ is the node user's.
COPY --from=deps /app ./
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
# Liveness: the process answers (GET /healthz), on PORT for the API, HEALTH_PORT for a worker.
# Not readiness: an orchestrator that replaces unhealthy containers would otherwise restart every
# process while Redis or the bucket is away, which a restart cannot mend. Send traffic by /readyz.
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
