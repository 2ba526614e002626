# The reference image: one image for both processes (`npm start`, the API; `npm run worker`).
# Build once with the dev dependencies, run without them.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles where no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/tracer/package.json packages/tracer/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
COPY scripts scripts
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/scripts scripts
COPY --from=build /app/packages/tracer/package.json packages/tracer/
COPY --from=build /app/packages/tracer/dist packages/tracer/dist
COPY --from=build /app/packages/tracer/bin packages/tracer/bin
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/bench/package.json bench/
# The prepare script finds no TypeScript and uses the built tree.
RUN npm ci --omit=dev --no-audit --no-fund \
  && apt-get purge -y python3 make g++ && apt-get autoremove -y \
  && mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
