# The production image: the API process serving the API, the socket server and the built web app
# (compose.yaml runs two behind nginx; scripts/cluster-drill.mjs runs the same start command with
# the same variables on loopback). Build: docker build -t donor-match .

# --- build: every workspace's dependencies, then shared, web and API (npm run build)
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The version the server sends and the web app compares (scripts/version.mjs): the context has
# no .git, so pass one, e.g. --build-arg APP_VERSION=$(git rev-parse --short HEAD).
ARG APP_VERSION=
RUN if [ -z "$APP_VERSION" ]; then unset APP_VERSION; fi && npm run build

# --- runtime: the API's and shared's production dependencies and the built files only
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
# npm reads every workspace named in package.json; only these two get their packages installed.
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/api --workspace packages/shared \
  && npm cache clean --force
COPY --from=build /src/build-info.json ./
COPY --from=build /src/packages/shared/dist packages/shared/dist
COPY --from=build /src/apps/api/dist apps/api/dist
# The migrations, read at start (platform/db.ts: MIGRATIONS_DIR).
COPY --from=build /src/apps/api/drizzle apps/api/drizzle
# WEB_DIST defaults to apps/web/dist under the working directory: the app serves it.
COPY --from=build /src/apps/web/dist apps/web/dist

# DATA_DIR: the mail drop (MAIL_TRANSPORT=file), upload work files. With FILE_STORAGE=s3 and
# DATABASE_URL nothing there needs to outlive the container.
RUN mkdir -p /data && chown node:node /data
USER node
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
EXPOSE 3000
# Alive: the process answers. (Taking it out of the proxy while it starts or drains is
# /api/health/ready's job.) No curl in the slim image: Node's fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# As `npm start` and the drill: the young generation written out (decision 013). SIGTERM (the
# default stop signal) drains and exits 0.
CMD ["node", "--max-semi-space-size=16", "apps/api/dist/main.js"]
