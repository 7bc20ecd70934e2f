# syntax=docker/dockerfile:1
# The image of every NestJS service under services/, built from the repository root:
#   docker build -f docker/service.Dockerfile --build-arg SERVICE=<folder under services/> -t paycadence/<name> .
# Only the service's folder and the libs it depends on reach npm and tsc (docker/app-workspaces.mjs).

# Stage 1: the service and the libs it needs, plus their package.json files alone under /manifests, so the
# npm install layers below are reused until a dependency list changes.
FROM node:20-bookworm-slim AS sources
ARG SERVICE
WORKDIR /app
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<folder under services/>' >&2; exit 1; }
COPY docker/app-workspaces.mjs docker/
COPY libs libs
COPY services/${SERVICE} services/${SERVICE}
RUN node docker/app-workspaces.mjs services/${SERVICE} --prune --manifests /manifests

# Stage 2: compile. tsc -b follows the project references, so the libs build first.
FROM node:20-bookworm-slim AS builder
ARG SERVICE
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=sources /manifests ./
# `npm ci` stops on this registry (it refuses the lockfile's non-Linux optional binaries, which the registry does not carry); install follows the lockfile.
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json ./
COPY --from=sources /app/libs libs
COPY --from=sources /app/services/${SERVICE} services/${SERVICE}
# Gather only what runs (each compiled lib's dist and the service's) for the runtime stage.
RUN npx tsc -b services/${SERVICE} \
    && mkdir /out \
    && cp -r --parents libs/*/dist services/${SERVICE}/dist /out/

# Stage 3: production dependencies and compiled code only.
FROM node:20-bookworm-slim AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    SERVICE=${SERVICE}
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=sources /manifests ./
RUN npm install --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /app/.data \
    && chown node:node /app/.data
COPY --from=builder /out ./
# The code stays root-owned and read-only for the app; only DATA_DIR is writable.
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The exec form cannot expand ${SERVICE}, so a shell does it and `exec` replaces itself with node: node is
# PID 1 and gets SIGTERM directly, which the service turns into a graceful shutdown.
CMD ["/bin/sh", "-c", "exec node services/${SERVICE}/dist/main.js"]
