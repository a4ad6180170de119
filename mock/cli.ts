/** `npm start` and the `articles-mock` command: the mock on a port (run-cli.ts). */
import { runCli } from './run-cli';

runCli(process.argv.slice(2), process.env);
