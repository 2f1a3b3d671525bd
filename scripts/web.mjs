// `npm run web`: brings the renderer and the bundled host up to date (a fingerprint check when nothing changed), then
// runs the host in this same process, so a start costs one Node start-up and no compiling of TypeScript.
import module from 'node:module';
import { buildIfChanged } from './build-if-changed.mjs';

buildIfChanged('renderer');
buildIfChanged('web');
// V8 keeps the compiled code of the host and its dependencies on disk between starts (Node 22.1+; a no-op before).
module.enableCompileCache?.();
await import('../dist/web/cli.js');
