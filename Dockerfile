# syntax=docker/dockerfile:1
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY dev ./dev
COPY catalog ./catalog
COPY locales ./locales
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# npm run build bundles the bot with its dependencies and puts the catalog, locales and playground
# assets beside the bundle: the image needs no node_modules.
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HTTP_PORT || 8080) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 (no npm, no shell) so SIGTERM reaches the graceful shutdown. The young generation's size
# and how far the old one grows between full collections are chosen by npm run bench:updates and
# npm run bench:state together (bench/bot-process.ts); dist/main.js turns on Node's compile cache,
# which keeps the bundle's compiled code between restarts.
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist/main.js"]
