/** Jest's global teardown (jest.config.js): fails the run when a test file left a temporary folder behind. */
import { removeRunTempFolder } from './run-temp-folder';

export default removeRunTempFolder;
