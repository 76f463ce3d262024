# Shipdeck: the server and its built web app, on Node 20.
#   docker build -t shipdeck .
#   docker run -p 3000:3000 -v shipdeck:/data shipdeck      (demo mode; data and key in /data)
# Every variable is described in README.md ("Self-hosting").

# Build stage: every dependency (better-sqlite3 compiles here), then the four workspaces.
FROM node:20-bookworm AS build
WORKDIR /app
# The manifests alone first, so the install stays cached while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/emulator/package.json packages/emulator/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
# Then only what runs: production dependencies of the server and of the web app's SSR bundle
# (the client's are bundled already), the built files, and the manifests Node resolves with.
RUN npm run build \
 && node scripts/prune-runtime-deps.mjs \
 && mkdir /out \
 && cp -a --parents package.json node_modules \
      packages/shared/package.json packages/shared/dist \
      packages/emulator/package.json packages/emulator/dist \
      apps/server/package.json apps/server/dist \
      apps/web/package.json apps/web/dist apps/web/dist-ssr /out/ \
 && for dir in packages/*/node_modules apps/*/node_modules; do \
      if [ -d "$dir" ]; then cp -a --parents "$dir" /out/; fi; \
    done

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=/data/shipdeck.db
WORKDIR /app
COPY --from=build /out /app
# Owned by node before VOLUME, so a new named volume starts out writable by the server; the
# generated encryption key is written beside the database, in the same volume.
RUN mkdir /data && chown node:node /data \
 && printf '#!/bin/sh\n# docker exec CONTAINER shipdeck-admin <command>: see docs/administration.md\nexec node /app/apps/server/dist/admin-cli.js "$@"\n' \
      > /usr/local/bin/shipdeck-admin \
 && chmod 755 /usr/local/bin/shipdeck-admin
USER node
VOLUME /data
EXPOSE 3000
# The slim image has no curl: node asks /health, which answers 503 when the database is gone.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as the command (no npm, no shell): it receives SIGTERM and shuts down gracefully.
CMD ["node", "apps/server/dist/main.js"]
