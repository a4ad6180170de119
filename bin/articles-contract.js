#!/usr/bin/env node
// The package's `articles-contract` command: the compiled `npm run contract` (contract-tests/cli.ts), same options.
require('../dist/contract-tests/cli.js');
