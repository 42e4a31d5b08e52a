# Olden Goods API + web for container deployments (docs/deploy.md). Three stages: build with every dependency,
# install production dependencies alone, then a runtime image holding only those and the built output.
# Not built in CI (the CI machines have no container engine); apps/server/src/deploy-files.test.ts checks this file.
# The Node image is pinned to a minor version (Renovate proposes updates, renovate.json).
ARG NODE_IMAGE=node:24.11-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Lockfile first: the dependency layer is reused until package*.json change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The bundle leaves every package but @olden/contracts in node_modules (decision 001): production ones only.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY deploy/create-bucket.mjs ./deploy/
RUN mkdir -p /data && chown node:node /data

# The image listens on every address, so it never seeds the demo accounts, whose passwords the README prints.
# Set PUBLIC_URL to the address people use (a boot without it logs a warning).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SEED_DEMO=false
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness, not readiness: /api/live never touches the database, so an outage of PostgreSQL does not get every
# container restarted (the proxy takes processes out on /api/health instead).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Plain node on the bundle (not npm, which does not pass SIGTERM on; a graceful shutdown needs it).
CMD ["node", "apps/server/dist/server.js"]
