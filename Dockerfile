# syntax=docker/dockerfile:1
# Multi-stage: build with every dependency, run with production dependencies only, as a
# non-root user. The server applies migrations itself at start (under an advisory lock).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# postinstall patches dependencies (docs/decisions/051-one-render-path.md)
COPY patches ./patches
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# postinstall patches dependencies (docs/decisions/051-one-render-path.md)
COPY patches ./patches
RUN npm install --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json ./
COPY --chown=node:node drizzle ./drizzle
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same Node flags as `npm start` (package.json; decision 051): a larger young generation.
CMD ["node", "--max-semi-space-size=64", "build/app-server.js"]
