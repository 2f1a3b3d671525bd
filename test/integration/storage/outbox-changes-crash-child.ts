/**
 * The process the outbox changes crash test kills: on the data folder's database it imports cameras in slices, edits
 * queued ones (a new ONVIF password), marks some as sent and answers them as created (some in the server's own words),
 * discards and brings back, and clears created ones and brings them back, in a seeded random order, without end.
 * Before each change it prints `WILL <json>`, and `ACK <json>` once the change is committed and synced (what the
 * operator would have been told). argv: dataDir keyHex seed.
 */
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry, transition } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest, OutboxEntry } from '../../../preload/contract/onboarding';
import { createdAnswerFor } from '../../support/created-answer';
import { seededDelays } from '../../support/seeded-delays';
import { told } from '../../support/children/told';

const [dataDir, keyHex, seedText] = process.argv.slice(2) as [string, string, string];
const storage = openStorage({ folder: dataDir, migrations });
const repository = new OutboxRepository(storage, createSealer(Buffer.from(keyHex, 'hex')));
const random = seededDelays(Number(seedText), 0, 1_000_000);
const pick = <T>(items: T[]): T | undefined => items[random() % Math.max(1, items.length)];
const meta = { profileId: 'site', profileName: 'Site', importId: 'crash' };
const camera = (serial: string, password: string): CameraCreateRequest => ({
  name: `Camera ${serial}`,
  mac: `02:${serial.slice(0, 2)}:${serial.slice(2, 4)}:${serial.slice(4, 6)}:${serial.slice(6, 8)}:${serial.slice(8, 10)}`,
  serial_number: serial,
  external_id: `ext-${serial}`,
  group_external_id: 'g',
  folder_key: 'f',
  onvif_credentials: { login: 'admin', password },
});
const answer = (entry: OutboxEntry, renamed: boolean) => createdAnswerFor(entry.request, 1 + (random() % 100_000), renamed ? `Server name ${entry.id.slice(0, 8)}` : entry.request.name!);
const say = (word: 'WILL' | 'ACK', what: object) => told(`${word} ${JSON.stringify(what)}\n`);

// As the outbox does at start: entries found on the wire are retried, perhaps created.
repository.recover(Date.now());
await told('READY\n');
let lastMark: string | null = null;
let lastClear: string | null = null;
for (let round = 0; ; round++) {
  const live = repository.all();
  const waiting = live.filter((entry) => entry.state !== 'created' && entry.state !== 'sending');
  const roll = random() % 100;
  if (roll < 30 || live.length < 20) {
    const count = 1 + (random() % 60);
    const ids = newEntryIds(count);
    const requests = ids.map(() => camera(random().toString(16).padStart(5, '0') + random().toString(16).padStart(5, '0'), `pw-${random()}`));
    const entries = ids.map((id, i) => queuedEntry(id, requests[i]!, meta, new Date().toISOString()));
    await say('WILL', { op: 'import', entries: entries.map((entry) => [entry.id, entry.request.onvif_credentials!.password]) });
    const { added } = repository.insert(entries, true, true);
    await repository.sync();
    await say('ACK', { op: 'import', entries: added.map((entry) => [entry.id, entry.request.onvif_credentials!.password]) });
  } else if (roll < 50) {
    const entry = pick(waiting);
    if (!entry) continue;
    const password = `edited-${random()}`;
    await say('WILL', { op: 'edit', id: entry.id, password });
    repository.save([transition(entry, { type: 'edited', at: new Date(), request: { ...entry.request, onvif_credentials: { login: 'admin', password } } })], true);
    await say('ACK', { op: 'edit', id: entry.id, password });
  } else if (roll < 70) {
    const sent = repository.dispatch(1 + (random() % 20), Date.now() + 60_000, [], false, true);
    await repository.sync();
    const answered = sent.map((entry) => transition(entry, { type: 'answered', at: new Date(), response: answer(entry, random() % 2 === 0) }));
    await say('WILL', { op: 'created', entries: answered.map((entry) => [entry.id, entry.response!.name]) });
    repository.save(answered);
    await say('ACK', { op: 'created', entries: answered.map((entry) => [entry.id, entry.response!.name]) });
  } else if (roll < 82) {
    const ids = [...new Set([pick(waiting), pick(waiting)].flatMap((entry) => (entry ? [entry.id] : [])))];
    const mark = `${new Date().toISOString()} ${round}`;
    await say('WILL', { op: 'discard', ids, mark });
    repository.discard(ids, mark);
    lastMark = mark;
    await say('ACK', { op: 'discard', ids, mark });
  } else if (roll < 88) {
    if (!lastMark) continue;
    await say('WILL', { op: 'undo', mark: lastMark });
    const back = repository.undoDiscard(lastMark);
    await say('ACK', { op: 'undo', mark: lastMark, back });
    lastMark = null;
  } else if (roll < 95) {
    const at = new Date().toISOString();
    await say('WILL', { op: 'clear', at });
    repository.clearCreated(at);
    lastClear = at;
    await say('ACK', { op: 'clear', at });
  } else {
    if (!lastClear) continue;
    await say('WILL', { op: 'unclear', at: lastClear });
    repository.undoClear(lastClear);
    await say('ACK', { op: 'unclear', at: lastClear });
    lastClear = null;
  }
  // A turn of the event loop, so the parent's kill can land between changes too.
  if (round % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
}
