# Fuelyard: a production image. Reference file; .ci/production-install.sh runs the same final-stage
# steps (dist/ and package*.json only, `npm ci --omit=dev`, `node dist/api/server.js`) on every CI
# run, so what this builds is what CI tests. See docs/deploy.md.

# ---- build: every dependency, then the client, SSR and API bundles into dist/ ----
FROM node:20.20-bookworm-slim AS build
# The lock file and its allowScripts field are npm 11's.
RUN npm install -g npm@11.19.1 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- run: production dependencies and dist/ only, as a non-root user ----
FROM node:20.20-bookworm-slim
RUN npm install -g npm@11.19.1 --no-audit --no-fund
# PUBLIC_URL must be given at run time (docker run -e PUBLIC_URL=https://shop.example.co.uk):
# production refuses to start without it.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# DATA_DIR (/app/data): the embedded database when DATABASE_URL is unset, and data/mail when
# SMTP_URL is unset. Mount a volume here in that case.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and receives SIGTERM itself (no npm or shell in between): it stops taking
# connections, finishes the requests in flight and the e-mail being sent, then closes the pool.
CMD ["node", "dist/api/server.js"]
