# Atrium in a container (docs/operations.md, Container). This file's build is not run by the tests.
#
# Build stage: `npm ci` installs everything and its prepare script builds the web app (dist/web) and
# the server (dist-server/main.js); the dev packages are then pruned.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY . .
RUN npm ci && npm prune --omit=dev

# Run stage: the checkout as built (the bundle reads the contract and the migrations from it), owned
# by root and read-only for the server, which runs as the image's unprivileged `node` user.
FROM node:20-bookworm-slim
# tini as PID 1: passes docker stop's SIGTERM to node (and only to node), and reaps orphaned processes.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
RUN mkdir /data && chown node:node /data
# The embedded PostgreSQL and everything else Atrium keeps: mount a volume here.
VOLUME /data
# Listening on the network needs SEED_DEMO=0 (demo logins with a published password stay on loopback).
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=8080 SEED_DEMO=0
EXPOSE 8080
USER node
ENTRYPOINT ["/usr/bin/tini", "--"]
# node itself, not npm: SIGTERM reaches the server, which drains and stops its database.
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
