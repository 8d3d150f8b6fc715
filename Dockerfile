# Node 26: the Active LTS line since 2026-10-28 (the project itself still runs on Node ≥ 20).
# Build: full install (TypeScript, the Prisma generator), compile to dist/.
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
COPY web ./web
RUN npm run build && npm prune --omit=dev

# Run: compiled app, production dependencies, the migrations (applied at start-up).
FROM node:26-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
USER node
EXPOSE 3000
CMD ["node", "dist/src/main.js"]
