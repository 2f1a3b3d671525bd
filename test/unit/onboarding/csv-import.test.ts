import { describe, expect, it } from 'vitest';
import { flagDuplicates, hasProblems, keysOf, parseImport, templateCsv, MAX_IMPORT_ROWS } from '../../../preload/contract/camera/csv-import';

let counter = 0;
const newId = () => `gen-${++counter}`;
const header = 'name,mac,group_external_id,folder_key,serial_number,external_id';

describe('CSV import', () => {
  it('reads the downloadable template without problems', () => {
    const parsed = parseImport(templateCsv(), newId);
    expect(parsed.fileProblem).toBeNull();
    expect(parsed.rows.map(hasProblems)).toEqual([false, false]);
    expect(parsed.rows[1]!.request).toMatchObject({
      group_id: 1,
      folder_id: 501,
      streams: [
        { type: 'high', archive_recording_type: 'timetable', archive_recording_timetable: { days: [{ from: '08:00:00+03:00', to: '20:00:00+03:00' }] } },
        { type: 'low', is_archive_enabled: false },
      ],
    });
  });

  it('reads log_extra, group_type and is_can_manage_archive_storage_days from the template and from any file', () => {
    const parsed = parseImport(templateCsv(), newId);
    expect(templateCsv().split(/\r?\n/)[0]).toContain('log_extra,group_type');
    expect(templateCsv().split(/\r?\n/)[0]).toContain('is_can_manage_archive_storage_days');
    expect(parsed.rows[0]!.request).toMatchObject({ log_extra: { work_order: 'RIGA-1042' }, group_type: 'private', is_can_manage_archive_storage_days: true });
    expect(parsed.rows[1]!.request).toMatchObject({ log_extra: 'installed by crew 7', group_type: 'private' });
    const own = parseImport(`${header},log_extra,group_type,is_can_manage_archive_storage_days\nGate,AA:BB:CC:DD:EE:01,s,f,,,"{""a"": 1",shared,maybe`, newId);
    expect(Object.keys(own.rows[0]!.problems).sort()).toEqual(['is_can_manage_archive_storage_days', 'log_extra']);
    expect(own.rows[0]!.request.group_type).toBe('shared');
  });

  it('maps headers loosely, strips a BOM and finds ; as the delimiter', () => {
    const parsed = parseImport('\uFEFFName;MAC;Group External Id;folder-key\nGate;aabbccddee01;site;fld', newId);
    expect(parsed.fileProblem).toBeNull();
    expect(parsed.rows[0]!.request).toMatchObject({ name: 'Gate', mac: 'AA:BB:CC:DD:EE:01', group_external_id: 'site', folder_key: 'fld', external_id: expect.stringMatching(/^gen-/) });
  });

  it('keeps quoted newlines inside one cell', () => {
    const parsed = parseImport(`${header}\n"Gate\nnorth",AA:BB:CC:DD:EE:01,s,f,,`, newId);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]!.request.name).toBe('Gate\nnorth');
  });

  it('puts each problem on its cell', () => {
    const parsed = parseImport(`${header},latitude,longitude,high_storage_days\nGate,zz,s,,,,91,24,0`, newId);
    expect(Object.keys(parsed.rows[0]!.problems).sort()).toEqual(['folder_key', 'high_storage_days', 'latitude', 'mac']);
  });

  it('flags a row with the wrong number of cells', () => {
    const parsed = parseImport(`${header}\nGate,AA:BB:CC:DD:EE:01,s,f`, newId);
    expect(parsed.rows[0]!.problems['row']?.[0]?.key).toBe('onboarding.import.row.fieldCount');
  });

  it('finds the delimiter of a long file from its first lines and skips blank lines', () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => `Cam ${i};02:00:00:00:${String(Math.floor(i / 100)).padStart(2, '0')}:${String(i % 100).padStart(2, '0')};s;f;;`);
    const parsed = parseImport(['name;mac;group_external_id;folder_key;serial_number;external_id', '', ...rows, ';;;;;', ''].join('\r\n'), newId);
    expect(parsed.fileProblem).toBeNull();
    expect(parsed.rows).toHaveLength(3_000);
    expect(parsed.rows.filter(hasProblems)).toEqual([]);
    expect(parsed.rows[2_999]).toMatchObject({ row: 3_000, request: { name: 'Cam 2999', mac: '02:00:00:00:29:99' } });
  });

  it('reads a long file with any of the three line endings, a line break inside a quoted name included', () => {
    for (const ending of ['\n', '\r\n', '\r']) {
      const rows = Array.from({ length: 2_000 }, (_, i) => `"Cam${ending}${i}",02:00:00:00:${String(Math.floor(i / 100)).padStart(2, '0')}:${String(i % 100).padStart(2, '0')},s,f,,`);
      const parsed = parseImport([header, ...rows].join(ending), newId);
      expect(parsed.fileProblem).toBeNull();
      expect(parsed.rows).toHaveLength(2_000);
      expect(parsed.rows.filter(hasProblems)).toEqual([]);
      expect(parsed.rows[1_999]!.request).toMatchObject({ name: `Cam${ending}1999`, mac: '02:00:00:00:19:99' });
    }
  });

  it('puts an unclosed quote on its own row, also after blank lines', () => {
    const parsed = parseImport(`${header}\n\nA,AA:BB:CC:DD:EE:01,s,f,,\n\nB,"AA:BB:CC:DD:EE:02,s,f,,`, newId);
    expect(parsed.rows.map((row) => row.problems['row']?.[0]?.key ?? null)).toEqual([null, 'onboarding.import.row.quotes']);
  });

  it('gives a sentence for a file with the wrong columns, a binary file, an empty file and a missing column', () => {
    expect(parseImport('a,b,c\n1,2,3', newId).fileProblem?.key).toBe('onboarding.import.file.noColumns');
    expect(parseImport('PK\u0003\u0004\u0000\u0000binary', newId).fileProblem?.key).toBe('onboarding.import.file.binary');
    expect(parseImport('  \n', newId).fileProblem?.key).toBe('onboarding.import.file.empty');
    expect(parseImport('name,mac\nGate,AA:BB:CC:DD:EE:01', newId).fileProblem).toEqual({
      key: 'onboarding.import.file.missingColumns',
      values: { columns: 'group_id / group_external_id, folder_id / folder_key' },
    });
  });

  it('refuses 50,000 rows with a sentence, without reading them all', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `Cam ${i},AA:BB:CC:00:${String(i % 100).padStart(2, '0')}:00,s,f,,`);
    const parsed = parseImport([header, ...rows].join('\n'), newId);
    expect(parsed.fileProblem).toEqual({ key: 'onboarding.import.file.tooManyRows', values: { max: MAX_IMPORT_ROWS } });
  });

  it('flags duplicates within the file and against the outbox', () => {
    const parsed = parseImport(
      `${header}\nA,AA:BB:CC:DD:EE:01,s,f,SN1,e1\nB,aa-bb-cc-dd-ee-01,s,f,sn1,e2\nC,AA:BB:CC:DD:EE:03,s,f,SN3,known`,
      newId,
    );
    flagDuplicates(parsed.rows, keysOf([{ external_id: 'known' }]));
    expect(parsed.rows[0]!.problems).toEqual({});
    expect(parsed.rows[1]!.problems['mac']).toEqual([{ key: 'onboarding.import.row.duplicateInFile', values: { row: 1 } }]);
    expect(parsed.rows[1]!.problems['serial_number']).toEqual([{ key: 'onboarding.import.row.duplicateInFile', values: { row: 1 } }]);
    expect(parsed.rows[2]!.problems['external_id']).toEqual([{ key: 'onboarding.import.row.duplicateInOutbox' }]);
  });
});
