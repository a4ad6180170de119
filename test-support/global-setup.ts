/** Jest's global setup (jest.config.js): the run's folder for temporary folders (run-temp-folder.ts). */
import { makeRunTempFolder } from './run-temp-folder';

export default makeRunTempFolder;
