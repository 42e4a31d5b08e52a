# Olden Goods API + web, for container deployments (docs/deploy.md). The same commands as CI and the README:
# `npm ci`, `npm run build`, then plain node through scripts/start.mjs (decision 001). Not built in CI (no image pulls).
FROM node:20-bookworm-slim
WORKDIR /app

# Lockfile first: the dependency layer is reused until package*.json change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build && mkdir -p /data && chown node:node /data

USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
VOLUME ["/data"]
# Plain node (not `npm start`): npm does not pass SIGTERM on, and a graceful shutdown needs it.
CMD ["node", "scripts/start.mjs"]
