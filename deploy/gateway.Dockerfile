# syntax=docker/dockerfile:1
# The GraphQL gateway (GATEWAY_PORT, 4000), run as the unprivileged `node` user; docker-compose.yml runs
# two replicas behind nginx. Build from the repository root: docker build -f deploy/gateway.Dockerfile .

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
RUN pnpm install --frozen-lockfile --filter meridian-console --filter "@meridian/gateway..."
COPY codegen.ts ./
COPY schema schema
COPY gateway gateway
# The console's documents: codegen writes the gateway's resolver types and the trusted documents (the
# console's operations, web/src/gql/persisted-documents.json) from them, as the web image's build does.
COPY web/src web/src
# Generates, builds schema then gateway, then copies the gateway with its production dependencies alone
# to /out, with the trusted documents beside it.
RUN pnpm codegen \
 && pnpm --filter "@meridian/gateway..." run build \
 && pnpm --filter @meridian/gateway deploy --prod /out \
 && cp web/src/gql/persisted-documents.json /out/trusted-documents.json

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# The console's operations, the only documents browser users may run (ARBITRARY_DOCUMENTS).
ENV TRUSTED_DOCUMENTS=/app/gateway/trusted-documents.json
COPY --from=build /out /app/gateway
WORKDIR /app
USER node
EXPOSE 4000
CMD ["node", "gateway/dist/main.js"]
