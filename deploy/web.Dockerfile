# syntax=docker/dockerfile:1
# The console as static files served by unprivileged nginx (port 8080), with a config.json written from
# the environment at container start (web-config.sh). Build from the repository root:
#   docker build -f deploy/web.Dockerfile .

FROM node:24-bookworm-slim AS build
WORKDIR /workspace
RUN npm i -g pnpm@12.21.0
# Manifests first: the dependency layer is rebuilt only when one of them changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc tsconfig.base.json ./
COPY schema/package.json schema/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
RUN pnpm install --frozen-lockfile --filter meridian-console --filter "@meridian/web..."
COPY codegen.ts ./
COPY schema schema
COPY web web
# codegen writes the typed documents (with the hashes the gateway's trusted documents list); Vite writes
# web/dist; nothing in it depends on where it is deployed (config.json comes at start).
RUN pnpm codegen && pnpm --filter "@meridian/web..." run build
# The console's security headers as nginx lines (web/security-headers.ts, the one source).
RUN pnpm exec tsx web/scripts/print-nginx-security-headers.ts > security-headers.conf.template

FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY deploy/web-nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/web-config.json.template /etc/meridian/config.json.template
COPY --from=build /workspace/security-headers.conf.template /etc/meridian/security-headers.conf.template
COPY --chmod=755 deploy/web-config.sh /docker-entrypoint.d/40-meridian-config.sh
COPY --from=build /workspace/web/dist /usr/share/nginx/html
# The image runs as nginx (uid 101): only config.json and the security headers are writable by it, for
# web-config.sh.
USER root
RUN touch /usr/share/nginx/html/config.json && chown nginx:nginx /usr/share/nginx/html/config.json \
  && mkdir -p /etc/nginx/meridian && touch /etc/nginx/meridian/security-headers.conf \
  && chown -R nginx:nginx /etc/nginx/meridian
USER nginx
EXPOSE 8080
