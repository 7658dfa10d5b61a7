# syntax=docker/dockerfile:1
# One image for every process role (ROLE=all|api|projector|worker); see docs/operations.md.

ARG NODE_IMAGE=node:22-bookworm-slim

# Only the manifests, so the dependency layers are rebuilt when dependencies change, not when code does.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci runs the root postinstall, which needs this script.
COPY tools/lockfile-optional-platforms.js tools/
COPY backend/domain/package.json backend/domain/
COPY backend/api/package.json backend/api/
COPY projections/package.json projections/
COPY frontend/package.json frontend/

FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npx nx run-many -t build --output-style=static

FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    ROLE=all
WORKDIR /app
# npm workspaces link @tcg/* from node_modules to the package folders, so the image keeps the repository layout.
COPY --from=deps /app ./
COPY --from=build /app/backend/domain/dist backend/domain/dist
COPY --from=build /app/projections/dist projections/dist
COPY projections/bin projections/bin
COPY --from=build /app/projections/migrations projections/migrations
COPY --from=build /app/backend/api/dist backend/api/dist
COPY --from=build /app/frontend/dist frontend/dist
# Code stays root-owned and read-only to the app; var/ is the one place it may write (local data when no
# DATABASE_URL or S3 is configured, as in the single-process demo).
RUN mkdir -p var && chown node:node var
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "backend/api/dist/main.js"]
