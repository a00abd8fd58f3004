// A calibration scoring is kept apart: it never shows in the QC record lists, the agents' reviews or the QC exports.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestApp } from '../../test/harness.ts';
import { calibrationWorld, createSession, score } from '../../test/calibration-support.ts';
import { addRecord, createAgentUser, download, reportWorld } from '../../test/qc-reports-support.ts';

const t = useTestApp();
const MARKER = 'CALIBRATION-ONLY-MARKER';
const DAY = '2026-11-20';

async function workbookText(bytes: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(bytes).buffer as ExcelJS.Buffer);
  const cells: string[] = [];
  for (const ws of book.worksheets) ws.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  return cells.join('\n');
}

describe('calibration scorings kept apart from QC records', () => {
  it('never appear in the QC record lists, the agent reviews or the daily QC xlsx exports', async () => {
    const r = await reportWorld(t);
    const agent = await createAgentUser(t, 'Calibrated Agent');
    // A real QC record of the same day, so the lists and exports are shown to hold what they should.
    await addRecord(r, r.qcA, { agent, total: 90, callDate: DAY, suggestion: 'REAL-QC-RECORD' });
    const w = await calibrationWorld(t);
    const s = await createSession(w, { name: MARKER });
    await score(w.qcA, s, 0, { liveliness: 5 }, MARKER);
    await score(w.qcB, s, 0, { crm: 0 }, MARKER);
    await w.admin.post(`/api/calibration/${s.id}/close`);
    const adminToken = r.tokens.admin;

    const lists = [
      '/api/qcReport/getqcreportbyqcinspector?page=0&size=100',
      `/api/qcReport/getqcreportbyqcinspector?date=${DAY}&page=0&size=100`,
      '/api/qcReport/getQcRecordsClientViewByQcInspector?page=0&size=100',
      `/api/qcReport/get-all-qc-records-in-house-for-excel-print?date=${DAY}`,
      `/api/qcReport/qc-report/summary?callDate=${DAY}`,
      '/api/qcReport/get-agent-reviews',
    ];
    const listed = await Promise.all(lists.map((url) => r.admin.get(url)));
    for (const [i, reply] of listed.entries()) {
      expect(reply.status, lists[i]).toBe(200);
      expect(reply.text, lists[i]).not.toContain(MARKER);
    }
    expect(listed[1]?.text).toContain('REAL-QC-RECORD');
    // The inspectors' own lists hold no record of theirs: calibration made none.
    const own = await w.qcA.get('/api/qcReport/getqcreportbyqcinspector?page=0&size=100');
    expect(own.json<{ recordCount: number }>().recordCount).toBe(0);

    for (const path of ['/api/qcReport/export/in-house', '/api/qcReport/export/daily-summary']) {
      const file = await download(t, `${path}?date=${DAY}`, adminToken);
      expect(file.status, path).toBe(200);
      const text = await workbookText(file.bytes);
      expect(text, path).not.toContain(MARKER);
      expect(text, path).toContain('Calibrated Agent');
    }
  });
});
