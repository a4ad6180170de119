#!/usr/bin/env node
// The package's `articles-mock` command: the compiled `npm start` (mock/cli.ts), same options.
require('../dist/mock/cli.js');
