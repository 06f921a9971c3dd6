# The marketplace server as a small image: the islands built with Node, the server with Rust,
# and Debian slim running it as an unprivileged user. `compose.yaml` runs two of them behind
# nginx, on PostgreSQL and MinIO (see the README's "Running several servers").

FROM node:20-bookworm-slim AS islands
WORKDIR /src/islands
COPY islands/package.json islands/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY islands ./
COPY style ../style
RUN npm run build

FROM rust:1-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY app app
COPY entity entity
COPY migration migration
COPY server server
RUN cargo build --release --locked -p server

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/marketplace --create-home marketplace
WORKDIR /app
COPY --from=server /src/target/release/server /app/server
COPY --from=islands /src/islands/dist /app/islands/dist
COPY public /app/public
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/marketplace ISLANDS_DIR=/app/islands/dist PUBLIC_DIR=/app/public LOG_FORMAT=json
USER marketplace
EXPOSE 3000
# SIGTERM stops it gracefully (requests in flight, then the mail being sent; see SHUTDOWN_GRACE_SECONDS).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/server"]
CMD ["serve"]
