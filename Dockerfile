# The store for a deployment: a managed PostgreSQL (DATABASE_URL) and, for several hosts, an S3 bucket (STORAGE_URL).
# The build steps are the ones `npm start` runs (scripts/bootstrap.mjs: npm ci, react-router build); the image
# runs as the unprivileged `node` user. README.md, "Running it on several hosts", lists the settings it needs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npx react-router build && date +%s000 > build/.built-at && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
# A font for the app icon's initial while the store has no logo (app/server/store/store-icons.server.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/tsconfig.json ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Not through npm: the process gets SIGTERM itself and drains requests before it stops (scripts/serve.ts).
CMD ["node", "--import", "tsx", "scripts/start.ts"]
