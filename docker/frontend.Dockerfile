# syntax=docker/dockerfile:1
# The image of every frontend under frontends/ (the shell and each federated remote), built from the
# repository root:
#   docker build -f docker/frontend.Dockerfile --build-arg APP=<folder under frontends/> -t paycadence/<name> .
#   the shell adds --build-arg NGINX_CONF=shell.conf (docker/nginx/: SPA fallback, runtime remotes manifest);
#   remotes keep the default remote.conf (CORS on remoteEntry.js, served from the root behind Kong's strip_path).
#   the shell also adds --build-arg PRERENDER_WITH=public-site: its build renders the public pages in Chromium
#   from that remote's build (frontends/shell/scripts/prerender.mjs), so the image serves them prerendered.
# Vite builds the static bundle; unprivileged nginx serves it on 8080.

# Stage 1: the app (and the remote it prerenders) and the libs they need, plus their package.json files alone
# under /manifests, so the npm install layer below is reused until a dependency list changes.
FROM node:20-bookworm-slim AS sources
ARG APP
ARG PRERENDER_WITH=
WORKDIR /app
RUN test -n "${APP}" || { echo 'build with --build-arg APP=<folder under frontends/>' >&2; exit 1; }
COPY docker/app-workspaces.mjs docker/
COPY libs libs
COPY frontends frontends
RUN node docker/app-workspaces.mjs frontends/${APP} ${PRERENDER_WITH:+frontends/${PRERENDER_WITH}} --prune --manifests /manifests

# Stage 2: Vite build.
FROM node:20-bookworm-slim AS builder
ARG APP
ARG PRERENDER_WITH=
WORKDIR /app
# Debian's Chromium renders the prerendered pages (the same browser the end-to-end tests use).
RUN if [ -n "${PRERENDER_WITH}" ]; then \
      apt-get update && apt-get install -y --no-install-recommends chromium && rm -rf /var/lib/apt/lists/*; \
    fi
COPY package.json package-lock.json ./
COPY --from=sources /manifests ./
# `npm ci` stops on this registry (STACK.md: missing non-Linux optional binaries); install follows the lockfile.
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json ./
COPY docker/app-workspaces.mjs docker/
COPY --from=sources /app/libs libs
# the app (and the remote it prerenders), and the one federation shared map every vite config imports
# (CONVENTIONS §9)
COPY --from=sources /app/frontends frontends
# Libs that publish dist/ (their package exports) compile before Vite bundles them; the remote builds before
# the shell, whose build renders its pages.
RUN libs="$(node docker/app-workspaces.mjs frontends/${APP} ${PRERENDER_WITH:+frontends/${PRERENDER_WITH}} --compiled)" \
    && if [ -n "${libs}" ]; then npx tsc -b ${libs}; fi \
    && if [ -n "${PRERENDER_WITH}" ]; then npm run build --workspace frontends/${PRERENDER_WITH}; fi \
    && npm run build --workspace frontends/${APP} \
    && if [ -n "${PRERENDER_WITH}" ] && [ ! -f frontends/${APP}/dist/prerendered/index.html ]; then \
         echo "no prerendered pages in frontends/${APP}/dist" >&2; exit 1; \
       fi

# Stage 3: static files on unprivileged nginx.
FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
ARG APP
ARG NGINX_CONF=remote.conf
COPY docker/nginx/${NGINX_CONF} /etc/nginx/conf.d/default.conf
COPY --from=builder /app/frontends/${APP}/dist /usr/share/nginx/html
# uid 101 is the image's `nginx` user; numeric so Kubernetes' runAsNonRoot can verify it.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1
