# syntax=docker/dockerfile:1
# The image of every frontend under frontends/ (the shell and each federated remote), built from the
# repository root:
#   docker build -f docker/frontend.Dockerfile --build-arg APP=<folder under frontends/> -t paycadence/<name> .
#   the shell adds --build-arg NGINX_CONF=shell.conf (docker/nginx/: SPA fallback, runtime remotes manifest);
#   remotes keep the default remote.conf (CORS on remoteEntry.js, served from the root behind Kong's strip_path).
#   the shell also adds --build-arg PRERENDER_WITH=public-site: its build renders the public pages with React's
#   static rendering on Node, with that remote's page modules and its build's manifest (no browser:
#   frontends/shell/scripts/prerender.mjs), so the image serves them prerendered.
# Vite builds the static bundle; unprivileged nginx serves it on 8080 (the default target, `runtime`).
# public-site's build also makes its page server (Kong's public-site-pages: /blog and its posts rendered at request
# time), a second image from the Node stage `pages`:
#   docker build -f docker/frontend.Dockerfile --build-arg APP=public-site --target pages \
#     -t paycadence/public-site-pages .
#   with public-site's own build args it reuses the builder stage of public-site's nginx image. It holds no copy
#   of the shell's pages: it reads them from the shell at run time (SHELL_URL/prerendered/*.html), so the page
#   server always fills the copy of the shell that is serving now.

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
COPY package.json package-lock.json ./
COPY --from=sources /manifests ./
# `npm ci` stops on this registry (it refuses the lockfile's non-Linux optional binaries, which the registry does not carry); install follows the lockfile.
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json ./
COPY docker/app-workspaces.mjs docker/
COPY --from=sources /app/libs libs
# the app (and the remote it prerenders), and the one federation shared map every vite config imports
# (docs/conventions.md §9)
COPY --from=sources /app/frontends frontends
# Libs that publish dist/ (their package exports) compile before Vite bundles them; the remote builds before
# the shell, whose build renders its pages from the remote's sources and its build's manifest (dist/.vite, which
# only the build reads: it is not served).
RUN libs="$(node docker/app-workspaces.mjs frontends/${APP} ${PRERENDER_WITH:+frontends/${PRERENDER_WITH}} --compiled)" \
    && if [ -n "${libs}" ]; then npx tsc -b ${libs}; fi \
    && if [ -n "${PRERENDER_WITH}" ]; then npm run build --workspace frontends/${PRERENDER_WITH}; fi \
    && npm run build --workspace frontends/${APP} \
    && if [ -n "${PRERENDER_WITH}" ] && [ ! -f frontends/${APP}/dist/prerendered/index.html ]; then \
         echo "no prerendered pages in frontends/${APP}/dist" >&2; exit 1; \
       fi \
    && rm -rf frontends/${APP}/dist/.vite

# Stage 3, only with --target pages: public-site's page server (frontends/public-site/server).
# Vite bundled it with everything it imports into one ES module (dist-server/main.js, public-site's build makes it
# beside dist/), so plain Node runs it without node_modules. It holds no copies: it asks the shell for them per
# request (SHELL_URL, kept ~10 s) and the blog for the posts (BLOG_URL); both default in the code and are set by
# compose and k8s. Placed before the nginx stage, which stays the default target; BuildKit (Docker's default
# builder) builds only the stages a target needs, so the other images never run this one.
FROM node:20-bookworm-slim AS pages
ARG APP
# Only an app whose build makes a page server has one: say so, instead of a COPY that cannot find it.
RUN --mount=type=bind,from=builder,source=/app/frontends,target=/mnt/frontends \
    test -f "/mnt/frontends/${APP}/dist-server/main.js" || { \
      echo "frontends/${APP} has no page server (dist-server/main.js): build --target pages with --build-arg APP=public-site" >&2; \
      exit 1; \
    }
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# .mjs: no package.json here says "type": "module", and the bundle is an ES module.
COPY --from=builder /app/frontends/${APP}/dist-server/main.js server/main.mjs
# uid 1000 is the node image's `node` user; numeric so Kubernetes' runAsNonRoot can verify it. The bundle stays
# root-owned: the server only reads it.
USER 1000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM directly, which the server turns into a graceful stop.
CMD ["node", "/app/server/main.mjs"]

# Stage 4 (the default target): static files on unprivileged nginx.
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
