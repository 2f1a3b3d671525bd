// A console starting on a data folder: takes the folder's lock, says whether it got it (one JSON line), holds it for
// the given milliseconds (or, given `stdin`, until its standard input ends), then lets it go. Used to start several at
// the same moment.
import { takeDataFolderLock } from '../../../main/storage/data-folder-lock';

const [dataDir, holdMs] = process.argv.slice(2);
const outcome = takeDataFolderLock(dataDir!, 'web');
process.stdout.write(`${JSON.stringify({ pid: process.pid, taken: outcome.taken && outcome.lock !== null, holder: outcome.taken ? null : outcome.pid })}\n`);
if (outcome.taken && outcome.lock) {
  const lock = outcome.lock;
  if (holdMs === 'stdin') process.stdin.on('end', () => lock.release()).resume();
  else setTimeout(() => lock.release(), Number(holdMs));
}
