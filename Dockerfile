# syntax=docker/dockerfile:1
#
# Corisk in one image: the API and the built web app on port 3000.
#   docker build -t corisk .
#   docker run -p 3000:3000 -v corisk-data:/data \
#     -e APP_URL=https://corisk.example.eu -e JWT_SECRET=… corisk
# Several instances behind a load balancer: see README, "Running several instances".
#
# Stages: deps (all dependencies, from the lockfile) → build (web app, server, PGlite seed)
# → prod-deps (runtime dependencies only) → runtime (node:20-slim, non-root, read-only code).

ARG NODE_IMAGE=node:20-slim

# ---- deps: every dependency the build needs -----------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: Vite web app (+ pre-compressed assets), tsc server, migrated PGlite seed -------
# Then /runtime gets the files the server reads at run time from src/server and src/shared
# (migrations, the bundled data sets, the common-password list, the PDF fonts): every
# non-TypeScript file, so a data file added later is never missed.
FROM deps AS build
COPY . .
RUN npm run build \
 && mkdir -p /runtime \
 && find src/server src/shared -type f ! -name '*.ts' ! -name '*.md' -print0 | tar --null -cf - -T - | tar -xf - -C /runtime

# ---- prod-deps: runtime dependencies only ---------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app

# Code and data belong to root and are read-only for the app; only /data is writable.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /runtime/src ./src
RUN mkdir -p /data && chown node:node /data

# The `node` user (uid 1000) ships with the official image.
USER node

# The embedded database (PGlite) and the generated JWT secret when no DATABASE_URL / JWT_SECRET
# is given. With DATABASE_URL and JWT_SECRET set (several instances) nothing is written here.
VOLUME ["/data"]
EXPOSE 3000

# GET /api/health runs a real database query: 503 when the database is gone.
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# main.ts handles SIGTERM/SIGINT itself: in-flight requests finish, then the database closes.
CMD ["node", "--enable-source-maps", "dist/node/server/main.js"]
