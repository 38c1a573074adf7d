// `npm start`: builds when the build is missing or older than the sources, then serves the product
// (with the settings of .env, when there is one); main.js handles SIGINT and SIGTERM itself.
import { runBuilt } from './run-step.mjs';

await runBuilt('main.js');
