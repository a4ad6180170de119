#!/usr/bin/env node
// The package's `articles-mock` command: the compiled `npm start` (cli.ts), same options.
require('../dist/cli.js');
