#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. Each step prints its own report;
# the last line sums the test counts.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
export LOG_LEVEL="${LOG_LEVEL:-silent}"

step() {
  echo
  echo "==> $1"
  shift
  "$@" || { echo "FAILED: $*"; exit 1; }
}

step "Type check" npx tsc -p tsconfig.json --noEmit
step "Lint (with import boundaries)" npx eslint . --max-warnings=0
step "Unit, component and CDK tests" npx vitest run --project unit --project web --project infra \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-fast.json
step "Integration tests (DynamoDB Local)" npx vitest run --project integration \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-integration.json
step "Build the web app" npx vite build --config web/vite.config.ts --logLevel warn
step "First screen budget" npx tsx bin/check-first-screen.ts
step "End-to-end tests (Chromium)" npx playwright test -c test/e2e/playwright.config.ts

node bin/test-summary.mjs
