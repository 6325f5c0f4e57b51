# syntax=docker/dockerfile:1
# The platform: REST API (4010) and OpenID provider (4011), run as the unprivileged `node` user.
# Build from the repository root: docker build -f deploy/platform.Dockerfile .

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
# The root (TypeScript) and the platform with what it depends on; nothing of the web app.
RUN pnpm install --frozen-lockfile --filter meridian-console --filter "@meridian/platform..."
COPY schema schema
COPY platform platform
# Builds schema then platform, then copies the platform with its production dependencies alone to /out.
RUN pnpm --filter "@meridian/platform..." run build \
 && pnpm --filter @meridian/platform deploy --prod /out

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# The files stay root's (read-only to the service); only the data directory is the service's.
COPY --from=build /out /app/platform
RUN mkdir -p /var/lib/meridian && chown node:node /var/lib/meridian
WORKDIR /app/platform
USER node
EXPOSE 4010 4011
CMD ["node", "dist/main.js"]
