# syntax=docker/dockerfile:1
# dq: the Slack app. Multi-stage: build with the dev tools, ship only production dependencies.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Nothing is compiled: libsql (SQLite) ships its binary in an npm package for the platform.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY locales ./locales
RUN npm run build
# Keep only what runs in production.
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    STORE_URL=sqlite:///app/data/dq.sqlite
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node bin ./bin
COPY --chown=node:node migrations ./migrations
COPY --chown=node:node locales ./locales
RUN mkdir -p /app/data && chown node:node /app/data
# The embedded SQLite store (the default); with STORE_URL=redis://… nothing is written here.
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM goes straight to node (no npm in between), which finishes in-flight work before exiting.
CMD ["node", "dist/main.js"]
