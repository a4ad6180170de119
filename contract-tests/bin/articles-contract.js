#!/usr/bin/env node
// The package's `articles-contract` command: the compiled `npm run contract` (cli.ts), same options.
require('../dist/cli.js');
